import type { TokenClaims, TokenService } from "./tokens";

/** The token of an `Authorization: Bearer …` value (HTTP header or STOMP CONNECT header). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The claims of a well-signed, unexpired bearer token, or undefined. Whether its session is still
 * live is the SessionStore's question, asked by each caller (HTTP and the real-time broker).
 */
export function bearerClaims(tokens: TokenService, header: string | undefined): TokenClaims | undefined {
  const token = bearerToken(header);
  return token ? tokens.verify(token) : undefined;
}

/** The SHA-256 of a file's bytes as lower-case hex, computed in the browser: the file is never sent. */
export async function sha256Hex(file: Blob): Promise<string> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  // crypto.subtle exists only on secure pages (https, localhost).
  if (!subtle) throw new Error("This browser cannot check files on this page. Open it over https.");
  const digest = await subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hex digests compare without regard to case or spaces. */
export const sameDigest = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

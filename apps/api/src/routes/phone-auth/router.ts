import {
  phoneChangeRequestSchema,
  phoneCodeRequestSchema,
  phoneRegisterSchema,
  phoneResetSchema,
  phoneSignInSchema,
  phoneVerifyRequestSchema,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import {
  registerByPhone,
  requestPhoneCode,
  requestPhoneVerification,
  resetPasswordByPhone,
  signInByPhone,
  verifyMemberPhone,
  type AdmitCodeRequest,
} from "../../domain/accounts/phone-accounts";
import { phoneKey, phonePrefix } from "../../domain/accounts/phone-numbers";
import { authenticate, memberOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { clientIp, type RateBudget, type RateLimits } from "../../http/rate-limit";
import { rateLimited } from "../../lib/app-error";
import { presentAccountAction } from "../../presenters/account";
import { presentCustomer } from "../../presenters/customer";
import { presentPhoneCodeSent } from "../../presenters/phone-code";
import { sendSignedIn } from "../auth/refresh-cookie";

const HOUR_S = 3600;

/**
 * Code requests (each one an SMS the lab pays for): from one client address, to one number range
 * (the E.164's first 8 digits, against SMS pumping across a range), and to one number an hour and a
 * day. Kept in the shared rate-limit store (Redis when configured), so they hold across instances.
 */
export const PHONE_CODE_LIMITS = {
  perIp: { name: "phone-code-ip", points: 20, durationSeconds: HOUR_S },
  perPrefix: { name: "phone-code-prefix", points: 50, durationSeconds: HOUR_S },
  perNumberHour: { name: "phone-code-number-hour", points: 5, durationSeconds: HOUR_S },
  perNumberDay: { name: "phone-code-number-day", points: 10, durationSeconds: 24 * HOUR_S },
} as const satisfies Record<string, RateBudget>;

/** Code entries (register, sign-in, reset, verify) per client address and per number, in 15 minutes. */
export const PHONE_ENTRY_LIMITS = {
  perIp: { name: "phone-entry-ip", points: 30, durationSeconds: 900 },
  perNumber: { name: "phone-entry-number", points: 10, durationSeconds: 900 },
} as const satisfies Record<string, RateBudget>;

/**
 * The client address's share of the code-request limit, taken before anything else is done, so a
 * flood of numbers from one address is refused at the cost of a counter.
 */
async function takeAddress(limits: RateLimits, ip: string): Promise<void> {
  const wait = await limits.take(PHONE_CODE_LIMITS.perIp, ip, 1);
  if (wait > 0) throw rateLimited(wait);
}

/**
 * The number's share of the code-request limits (its range's, its hour's, its day's), taken once the
 * resend rule has passed; the first that is spent answers 429.
 */
export function codeRequestLimits(limits: RateLimits): AdmitCodeRequest {
  return async (phone) => {
    const { perPrefix, perNumberHour, perNumberDay } = PHONE_CODE_LIMITS;
    const steps: [RateBudget, string][] = [
      [perPrefix, phonePrefix(phone)],
      [perNumberHour, phone],
      [perNumberDay, phone],
    ];
    for (const [rule, key] of steps) {
      const wait = await limits.take(rule, key, 1);
      if (wait > 0) throw rateLimited(wait);
    }
  };
}

const bodyPhone = (req: Request): string => {
  const body: unknown = req.body;
  const phone = typeof body === "object" && body !== null && "phone" in body ? body.phone : "";
  return typeof phone === "string" ? phoneKey(phone) : "";
};

function entryLimits(limits: RateLimits) {
  return [
    limits.middleware({ ...PHONE_ENTRY_LIMITS.perIp, key: clientIp }),
    limits.middleware({ ...PHONE_ENTRY_LIMITS.perNumber, key: (req) => bodyPhone(req) || undefined }),
  ];
}

/** /api/auth/phone: codes by SMS to register, sign in and reset a password with a mobile number. */
export function phoneAuthRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const entry = entryLimits(limits);

  // 202 with the same body for every valid number, known or not.
  router.post("/code", async (req, res) => {
    const input = parse(phoneCodeRequestSchema, req.body, "mobileNumberInvalid");
    await takeAddress(limits, clientIp(req));
    await requestPhoneCode(ctx, input, codeRequestLimits(limits));
    res.status(202).json(presentPhoneCodeSent());
  });

  // Signed in at once, as by POST /customers/login: the same body and refresh cookie.
  router.post("/register", ...entry, async (req, res) => {
    const input = parse(phoneRegisterSchema, req.body, "registrationInvalid");
    sendSignedIn(ctx, req, res, await registerByPhone(ctx, input));
  });

  router.post("/sign-in", ...entry, async (req, res) => {
    const input = parse(phoneSignInSchema, req.body, "phoneCodeRequired");
    sendSignedIn(ctx, req, res, await signInByPhone(ctx, input));
  });

  router.post("/reset-password", ...entry, async (req, res) => {
    const input = parse(phoneResetSchema, req.body, "phoneCodeRequired");
    res.json(presentAccountAction("passwordResetOk", await resetPasswordByPhone(ctx, input)));
  });
  return router;
}

/** /api/customers/me/phone: a signed-in member adds or changes their mobile number with a code. */
export function phoneProfileRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  router.use(authenticate(ctx, "customer"));

  router.post("/", async (req, res) => {
    const { phone } = parse(phoneChangeRequestSchema, req.body, "mobileNumberInvalid");
    await takeAddress(limits, clientIp(req));
    await requestPhoneVerification(ctx, memberOf(req), phone, codeRequestLimits(limits));
    res.status(202).json(presentPhoneCodeSent());
  });

  router.post("/verify", ...entryLimits(limits), async (req, res) => {
    const input = parse(phoneVerifyRequestSchema, req.body, "phoneCodeRequired");
    res.json(presentCustomer(await verifyMemberPhone(ctx, memberOf(req), input)));
  });
  return router;
}

// The product's password rule: valid when 8+ characters and at least 4 of the 5 rules hold.
export const PASSWORD_MIN_LENGTH = 8;

export const passwordRules = [
  { id: "length", label: "At least 8 characters", test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "upper", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "One special character", test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordStrengthLabel = "Very Weak" | "Weak" | "Fair" | "Good" | "Strong";

export function passwordScore(password: string): number {
  return passwordRules.filter((rule) => rule.test(password)).length;
}

export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score <= 1) return "Very Weak";
  if (score === 2) return "Weak";
  if (score === 3) return "Fair";
  if (score === 4) return "Good";
  return "Strong";
}

export function isPasswordValid(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && passwordScore(password) >= 4;
}

import bcrypt from "bcrypt";

// One dummy hash per cost, compared against when the account is unknown: a miss then costs as long
// as a wrong password, so sign-in timing does not tell which e-mails have accounts.
const dummies = new Map<number, Promise<string>>();

export const hashPassword = (password: string, cost: number): Promise<string> => bcrypt.hash(password, cost);

/** Compares in constant work whether or not there is a hash to compare with. */
export async function passwordMatches(
  password: string,
  hash: string | undefined,
  cost: number,
): Promise<boolean> {
  if (hash !== undefined) return bcrypt.compare(password, hash);
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = bcrypt.hash("not-a-real-password", cost);
    dummies.set(cost, dummy);
  }
  await bcrypt.compare(password, await dummy);
  return false;
}

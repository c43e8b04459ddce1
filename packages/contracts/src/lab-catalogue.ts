import { z } from "zod";

import { NAME_MAX, tooLong } from "./limits";
import { messages } from "./messages";
import { marketCodeSchema } from "./results";
import { idSchema, text } from "./text";

/** POST /lab/markets: a market; with customerId, a buyer's own specification for that customer. */
export const marketInputSchema = z.object({
  code: marketCodeSchema,
  name: text().trim().min(1, messages.marketNameRequired).max(NAME_MAX, tooLong("Name", NAME_MAX)),
  customerId: idSchema(messages.customerNotFound).optional(),
});

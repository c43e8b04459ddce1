import { z } from "zod";

import { messages } from "./messages";
import { text } from "./text";

/** The longest place search typed (GET /places/autocomplete?q=). */
export const PLACE_SEARCH_MAX = 100;

/** GET /places/autocomplete?q=: an empty query answers no places. */
export const placeSearchQuerySchema = z.object({
  q: text().max(PLACE_SEARCH_MAX, messages.searchTextTooLong).default(""),
});

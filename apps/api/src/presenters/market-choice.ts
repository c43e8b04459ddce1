import type { MarketChoice } from "@lab/contracts";
import type { MarketRow } from "@lab/db";

/** A market a customer can choose: its code and name, nothing of the buyer it belongs to. */
export const presentMarketChoice = (row: MarketRow): MarketChoice => ({ code: row.code, name: row.name });

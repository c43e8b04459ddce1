import { describe, expect, it } from "vitest";

import { searchFold } from "./search-fold";

describe("searchFold", () => {
  it("drops Latin diacritics and case, so a typed place meets the stored one", () => {
    expect(searchFold("Godāvari")).toBe("godavari");
    expect(searchFold("KĀKINĀDA")).toBe("kakinada");
    expect(searchFold("Amalāpuram")).toBe(searchFold("amalapuram"));
  });

  it("keeps the vowel signs of Indic scripts, which are marks too", () => {
    expect(searchFold("లక్ష్మి")).toBe("లక్ష్మి");
    expect(searchFold("लक्ष्मी देवी")).toBe("लक्ष्मी देवी");
  });
});

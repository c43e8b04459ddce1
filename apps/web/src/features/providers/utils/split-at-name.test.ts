import { describe, expect, it } from "vitest";

import { NAME_MARK, splitAtName } from "./split-at-name";

describe("splitAtName", () => {
  it("the text before and after the name, wherever it stands", () => {
    expect(splitAtName(`Delete ${NAME_MARK}? Yes.`)).toEqual(["Delete ", "? Yes."]);
    expect(splitAtName(`${NAME_MARK} ను తొలగించాలా?`)).toEqual(["", " ను తొలగించాలా?"]);
    expect(splitAtName("no name")).toEqual(["no name", ""]);
  });
});

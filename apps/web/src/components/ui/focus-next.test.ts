import { afterEach, describe, expect, it } from "vitest";

import { focusWhenShown } from "./focus-next";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("focusWhenShown", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it("a heading shown a moment later: it gets the focus (tabIndex -1)", async () => {
    const button = document.body.appendChild(document.createElement("button"));
    button.focus();
    focusWhenShown("h1");
    await wait(20);
    button.remove();
    const heading = document.body.appendChild(document.createElement("h1"));
    await wait(120);
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it("the skipped element is not focused; another match is", async () => {
    const old = document.body.appendChild(document.createElement("h1"));
    focusWhenShown("h1", old);
    await wait(20);
    expect(document.activeElement).not.toBe(old);
    old.remove();
    const next = document.body.appendChild(document.createElement("h1"));
    await wait(120);
    expect(document.activeElement).toBe(next);
  });

  it("focus moved on to a field while it waited: the field keeps it (a late poll never steals it)", async () => {
    const button = document.body.appendChild(document.createElement("button"));
    button.focus();
    focusWhenShown("h1");
    const input = document.body.appendChild(document.createElement("input"));
    input.focus();
    document.body.appendChild(document.createElement("h1"));
    await wait(120);
    expect(document.activeElement).toBe(input);
  });
});

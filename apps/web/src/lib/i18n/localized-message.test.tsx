import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError, localError, shownOf } from "@/lib/api-client";
import { setLanguage } from "@/lib/i18n/i18n";

import { LocalizedMessage } from "./localized-message";

describe("LocalizedMessage: a message by key in the reader's language", () => {
  afterEach(async () => {
    await act(async () => {
      await setLanguage("en");
    });
  });

  it("Telugu: a message with values reads with them in place", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    render(<LocalizedMessage text={{ key: "parameterExists", params: { code: "HG" } }} />);
    expect(await screen.findByText("పరామితి HG ఇప్పటికే ఉంది")).toBeInTheDocument();
  });

  it("Telugu: a server error by its messageCode and params, not its English", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const error = new ApiError(409, "Market EU2 already exists", "conflict", {
      error: "Market EU2 already exists",
      messageCode: "market_exists",
      params: { code: "EU2" },
    });
    render(<LocalizedMessage text={shownOf(error)} />);
    expect(await screen.findByText("మార్కెట్ EU2 ఇప్పటికే ఉంది")).toBeInTheDocument();
  });

  it("English: a failure found on this side reads as the spec's text, from its key alone", async () => {
    render(<LocalizedMessage text={shownOf(localError(0, "offline", "network"))} />);
    expect(await screen.findByText(messages.offline)).toBeInTheDocument();
  });

  it("a code without its values, for a message that has some, shows the server's English", async () => {
    render(<LocalizedMessage text="Parameter HG already exists" messageCode="parameter_exists" />);
    expect(await screen.findByText("Parameter HG already exists")).toBeInTheDocument();
  });
});

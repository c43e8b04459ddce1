import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";
import { renderWithProviders } from "@/testing/render";

import { useMarketHeadline } from "./use-market-headline";

function Headline({ passed, failed }: { passed: string[]; failed: string[] }) {
  const headline = useMarketHeadline();
  return <h2>{headline({ passed, failed })}</h2>;
}

const heading = async () => (await screen.findByRole("heading")).textContent;

describe("useMarketHeadline", () => {
  afterEach(async () => {
    await act(async () => {
      await setLanguage("en");
    });
  });

  it("some passed, some failed: 'Passed for EU · Not for US'", async () => {
    renderWithProviders(<Headline passed={["EU"]} failed={["US", "JP"]} />);
    expect(await heading()).toBe("Passed for EU · Not for US, JP");
  });

  it("all passed, none passed, the lab's own limits by name", async () => {
    const { unmount } = renderWithProviders(<Headline passed={["EU", "US"]} failed={[]} />);
    expect(await heading()).toBe("Passed for EU, US");
    unmount();
    const second = renderWithProviders(<Headline passed={[]} failed={["EU", "US"]} />);
    expect(await heading()).toBe("Not passed for EU, US");
    second.unmount();
    renderWithProviders(<Headline passed={["LAB"]} failed={[]} />);
    expect(await heading()).toBe("Passed for Lab");
  });

  it("in Telugu and Hindi", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const { unmount } = renderWithProviders(<Headline passed={["EU"]} failed={["US"]} />);
    expect(await heading()).toBe("EU కోసం ఉత్తీర్ణం · US కోసం కాదు");
    unmount();
    await act(async () => {
      await setLanguage("hi");
    });
    renderWithProviders(<Headline passed={["EU"]} failed={["US"]} />);
    expect(await heading()).toBe("EU के लिए उत्तीर्ण · US के लिए नहीं");
  });
});

import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { englishText, type FieldJob } from "@lab/contracts";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { FIELD_AGENT_KEY, FIELD_TOKEN_KEY, forgetAgentSession } from "../utils/agent-session";
import { JobCard } from "./job-card";

const job: FieldJob = {
  sampleId: 42,
  status: "COLLECTED",
  assignedAt: "2026-11-28T05:00:00.000Z",
  acceptedAt: "2026-11-28T05:10:00.000Z",
  farmer: { name: "Ravi Kumar", phone: "+919800000001" },
  address: "Bhimavaram",
  location: null,
  farm: { name: "Ravi Farm", location: null },
  pond: { code: "P1", location: null },
  lotCode: null,
  purpose: null,
  category: "Pacific White Shrimp",
  tests: ["Antibiotics"],
  markets: ["EU"],
  notes: null,
  collectedAt: "2026-11-28T06:00:00.000Z",
  handedOver: null,
};

const PATH = "/api/field/jobs/42/handover";

const signIn = () => {
  localStorage.setItem(FIELD_AGENT_KEY, JSON.stringify({ id: 7, name: "Agent", phone: "+919800000000" }));
  localStorage.setItem(
    FIELD_TOKEN_KEY,
    JSON.stringify({ value: "agent-token", tokenType: "Bearer", expiresAt: Date.now() + 600_000 }),
  );
  forgetAgentSession();
};

/** Types a whole value at once (key by key is slow under jsdom and adds nothing here). */
const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const setOnline = (online: boolean) => vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);

function renderCard(onChanged = vi.fn()) {
  renderWithProviders(<JobCard job={job} queued={false} offline={false} onChanged={onChanged} />, {
    route: "/field",
  });
  return onChanged;
}

beforeEach(() => {
  signIn();
  setOnline(true);
});
afterEach(() => {
  forgetAgentSession();
  vi.restoreAllMocks();
});

describe("HandoverForm on a sent job's card", { timeout: 15_000 }, () => {
  it("sends the courier, reference, seal and temperature with the phone's time, then shows whom it was handed to", async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = mockFetch({
      [`POST ${PATH}`]: {
        status: 201,
        body: { ...job, handedOver: { to: "Blue Dart (AWB 5521)", at: "2026-11-28T07:30:00.000Z" } },
      },
    });
    const onChanged = renderCard();
    expect(screen.getByText(/Collection sent/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hand over to courier" }));
    fill(/Courier \(person or company\)/, "  Blue Dart ");
    fill("Airway bill or docket number", "AWB 5521");
    await user.click(screen.getByLabelText("Yes, intact"));
    fill("Sample temperature (°C)", "4,5");
    const before = Date.now();
    await user.click(screen.getByRole("button", { name: "Record the hand-over" }));

    expect(await screen.findByText(/Handed to Blue Dart \(AWB 5521\) at/)).toBeInTheDocument();
    const [sent] = callsTo("POST", PATH);
    expect(sent?.headers.Authorization).toBe("Bearer agent-token");
    const body = sent?.body as Record<string, unknown>;
    expect(body).toEqual({
      courier: "Blue Dart",
      reference: "AWB 5521",
      handedAt: expect.any(String),
      sentAt: body.handedAt,
      sealIntact: true,
      temperatureC: 4.5,
      position: null,
    });
    expect(Date.parse(String(body.handedAt))).toBeGreaterThanOrEqual(before);
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it("a broken seal without reference or temperature sends false and nulls", async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = mockFetch({
      [`POST ${PATH}`]: {
        status: 201,
        body: { ...job, handedOver: { to: "Ramesh", at: "2026-11-28T07:30:00.000Z" } },
      },
    });
    renderCard();
    await user.click(screen.getByRole("button", { name: "Hand over to courier" }));
    fill(/Courier \(person or company\)/, "Ramesh");
    await user.click(screen.getByLabelText("No, broken or missing"));
    await user.click(screen.getByRole("button", { name: "Record the hand-over" }));
    await screen.findByText(/Handed to Ramesh at/);
    expect(callsTo("POST", PATH)[0]?.body).toMatchObject({
      courier: "Ramesh",
      reference: null,
      sealIntact: false,
      temperatureC: null,
    });
  });

  it("shows each field's error and sends nothing while the courier, the seal or the temperature is wrong", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({});
    renderCard();
    await user.click(screen.getByRole("button", { name: "Hand over to courier" }));
    fill("Sample temperature (°C)", "75");
    await user.click(screen.getByRole("button", { name: "Record the hand-over" }));
    expect(await screen.findByText(englishText("courierRequired"))).toBeInTheDocument();
    expect(screen.getByText("Choose whether the seal is intact.")).toBeInTheDocument();
    expect(screen.getByText(englishText("temperatureInvalid"))).toBeInTheDocument();
    expect(screen.getByLabelText(/Courier \(person or company\)/)).toHaveAttribute("aria-invalid", "true");
    expect(requests).toEqual([]);
  });

  it("offline: says so plainly, sends nothing and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({});
    renderCard();
    await user.click(screen.getByRole("button", { name: "Hand over to courier" }));
    fill(/Courier \(person or company\)/, "DTDC");
    fill("Airway bill or docket number", "D-77");
    await user.click(screen.getByLabelText("Yes, intact"));
    setOnline(false);
    await user.click(screen.getByRole("button", { name: "Record the hand-over" }));
    expect(
      await screen.findByText("You are offline. Hand it over when you have signal."),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(screen.getByLabelText(/Courier \(person or company\)/)).toHaveValue("DTDC");
    expect(screen.getByLabelText("Airway bill or docket number")).toHaveValue("D-77");
    expect(screen.getByLabelText("Yes, intact")).toBeChecked();
  });

  it("the server's refusal shows in the form (a second hand-over), and the card is unchanged", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [`POST ${PATH}`]: {
        status: 409,
        body: {
          error: englishText("sampleAlreadyHandedOver"),
          code: "conflict",
          messageCode: "sample_already_handed_over",
        },
      },
    });
    const onChanged = renderCard();
    await user.click(screen.getByRole("button", { name: "Hand over to courier" }));
    fill(/Courier \(person or company\)/, "DTDC");
    await user.click(screen.getByLabelText("Yes, intact"));
    await user.click(screen.getByRole("button", { name: "Record the hand-over" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(englishText("sampleAlreadyHandedOver")),
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByText(/Handed to/)).not.toBeInTheDocument();
  });
});

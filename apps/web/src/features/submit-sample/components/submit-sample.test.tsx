import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages, testTypesOf, type Provider, type SampleSubmission } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeProvider, makeSample } from "@/testing/sample-fixtures";

import {
  PROVIDERS_LOADING_TEXT,
  PROVIDERS_NONE_TEXT,
  PROVIDERS_START_TEXT,
  providersNoMatchText,
} from "./provider-combobox";
import { MARKETS_HINT } from "@/components/reports/market-picker";

import { SubmitSample } from "./submit-sample";

const PROVIDERS = "/api/customers/7/sample-providers";
const SUBMIT = "/api/sample-submissions";

const saved = makeProvider({ id: 11, samplerName: "Lakshmi Farms", phoneNumber: "+919848022338" });
const noCoordinates = makeProvider({
  id: 12,
  samplerName: "Ravi Agencies",
  phoneNumber: "+919000011111",
  location: "Ongole",
  address: "Ongole",
  coordinates: null,
  placeId: null,
});

function serve(
  providers: Provider[] | (() => Promise<MockResponse>),
  submit?: (body: SampleSubmission) => MockResponse,
) {
  // The server's copy of sample 555: what the submission created, read back by the page's refetch.
  let created = makeSample({ id: 555 });
  return mockFetch({
    [`GET ${PROVIDERS}`]: typeof providers === "function" ? providers : { body: providers },
    [`POST ${PROVIDERS}`]: (request) => ({
      status: 201,
      body: makeProvider({
        ...(request.body as Partial<Provider>),
        id: 99,
        location: "Nellore",
        address: "Nellore",
      }),
    }),
    [`POST ${SUBMIT}`]: (request) => {
      const body = request.body as SampleSubmission;
      if (submit) return submit(body);
      created = makeSample({
        id: 555,
        samplerName: body.samplerName,
        samplerLocation: body.samplerLocation ?? "",
        shrimpCategory: body.shrimpCategory,
        testTypes: body.testTypes,
        shrimpSubCategory: (body.testTypes ?? []).join(", "),
        markets: body.markets ?? [],
      });
      return { status: 201, body: created };
    },
    // A refetch (slow machines get there before the assertions) must read the same sample back.
    "GET /api/sample-submissions/555": () => ({ body: created }),
    "GET /api/markets": { body: MARKETS },
  });
}

const MARKETS = [
  { code: "EU", name: "European Union" },
  { code: "US", name: "United States" },
  { code: "JP", name: "Japan" },
  { code: "CN", name: "China" },
  { code: "IN", name: "India" },
];

const render = () =>
  renderWithProviders(<SubmitSample />, {
    route: "/submit-sample",
    extraRoutes: [
      { path: "/samples", element: <h1>Samples page</h1> },
      { path: "/submit-sample/:sampleId", element: <SubmitSample /> },
    ],
  });

const nameInput = () => screen.getByRole("combobox", { name: /Sample Provider Name/ });
const dropdown = () => screen.getByTestId("sample-provider-dropdown");

async function fillRest(user: ReturnType<typeof userEvent.setup>, { location = true } = {}) {
  if (location)
    await user.type(screen.getByRole("combobox", { name: /Sample Location/ }), "14.4426, 79.9865");
  await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
  await user.click(screen.getByLabelText("Allergen Testing"));
}

describe("Submit Sample: provider dropdown", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("while the providers load: 'Loading sample providers...'", async () => {
    serve(() => new Promise<MockResponse>(() => undefined));
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    expect(within(dropdown()).getByText(PROVIDERS_LOADING_TEXT)).toBeVisible();
  });

  it("no saved providers: 'No sample providers found. Enter a new provider name.'", async () => {
    serve([]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    expect(await within(dropdown()).findByText(PROVIDERS_NONE_TEXT)).toBeVisible();
    await user.type(nameInput(), "New farm");
    expect(within(dropdown()).getByText(PROVIDERS_NONE_TEXT)).toBeVisible();
  });

  it("saved providers: the start hint with all of them, filtering by name, phone, location and id, the no-match text", async () => {
    serve([saved, noCoordinates]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    expect(await within(dropdown()).findByText(PROVIDERS_START_TEXT)).toBeVisible();
    expect(nameInput()).toHaveAttribute("aria-expanded", "true");
    const options = () =>
      within(dropdown())
        .queryAllByRole("option")
        .map((option) => option.querySelector("span")?.textContent);
    expect(options()).toEqual(["Lakshmi Farms", "Ravi Agencies"]);

    await user.type(nameInput(), "RAVI");
    expect(options()).toEqual(["Ravi Agencies"]);
    await user.clear(nameInput());
    await user.type(nameInput(), "98480");
    expect(options()).toEqual(["Lakshmi Farms"]);
    await user.clear(nameInput());
    await user.type(nameInput(), "ongole");
    expect(options()).toEqual(["Ravi Agencies"]);
    await user.clear(nameInput());
    await user.type(nameInput(), "11");
    expect(options()).toContain("Lakshmi Farms");
    await user.clear(nameInput());
    await user.type(nameInput(), "Sea Breeze");
    expect(within(dropdown()).getByText(providersNoMatchText("Sea Breeze"))).toBeVisible();
    expect(options()).toEqual([]);
    // A long list scrolls inside the listbox, which the input controls (keyboard access for axe too).
    expect(within(dropdown()).getByRole("listbox", { hidden: true })).toHaveClass(
      "max-h-60",
      "overflow-y-auto",
    );
  });

  it("selecting a provider with coordinates: fills name, phone, location and locks it; editing the name unselects", async () => {
    serve([saved, noCoordinates]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    expect(nameInput()).toHaveValue("Lakshmi Farms");
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue("+919848022338");
    const location = screen.getByRole("combobox", { name: /Sample Location/ });
    expect(location).toHaveValue("Bhimavaram, Andhra Pradesh");
    expect(location).toHaveAttribute("readonly");

    await user.type(nameInput(), " North");
    expect(location).not.toHaveAttribute("readonly");
    // Back to the exact name (any case): a match, but nothing is selected until picked again.
    await user.clear(nameInput());
    await user.click(within(dropdown()).getByRole("option", { name: /Lakshmi Farms/ }));
    expect(location).toHaveAttribute("readonly");
  });

  it("selecting a provider without coordinates: fills the text, the location stays editable", async () => {
    serve([saved, noCoordinates]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Ravi Agencies/ }));
    const location = screen.getByRole("combobox", { name: /Sample Location/ });
    expect(location).toHaveValue("Ongole");
    expect(location).not.toHaveAttribute("readonly");
  });
});

describe("Submit Sample: form", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("choosing a category clears the selected test types; the list is the category's six and scrolls at 12rem", async () => {
    serve([]);
    const user = userEvent.setup();
    render();
    expect(screen.getByText("Select a shrimp category to see its test types.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
    const list = screen.getByTestId("test-type-list");
    expect(list).toHaveClass("max-h-48", "overflow-y-auto");
    expect(
      within(list)
        .getAllByRole("checkbox")
        .map((box) => box.parentElement?.textContent),
    ).toEqual([...testTypesOf("Tiger Shrimp")]);
    await user.click(screen.getByLabelText("Allergen Testing"));
    await user.click(screen.getByLabelText("Viral Disease Screening"));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Pink Shrimp");
    expect(screen.getByText("0 selected")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
    expect(screen.getByLabelText("Allergen Testing")).not.toBeChecked();
  });

  it("alerts in the spec's order, in an alert region; nothing is sent until the form is complete", async () => {
    const { callsTo } = serve([]);
    const user = userEvent.setup();
    render();
    const submit = () => user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const alertText = () => screen.getByRole("alert").textContent;

    await submit();
    expect(alertText()).toBe(messages.sampleProviderNameRequired);
    await user.type(nameInput(), "Sea Breeze");
    await submit();
    expect(alertText()).toBe(messages.samplePhoneRequired);
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 22338");
    await submit();
    expect(alertText()).toBe(messages.sampleTestTypesRequired);
    await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
    await user.click(screen.getByLabelText("Allergen Testing"));
    await submit();
    expect(alertText()).toBe(messages.sampleLocationInvalid);
    expect(callsTo("POST", SUBMIT)).toHaveLength(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a saved provider: no question, the sample names its id; then 'Sample Processing' at 25 % and the summary", async () => {
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.type(screen.getByLabelText(/Email Address/), "owner@lakshmi.in");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));

    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(callsTo("POST", PROVIDERS)).toHaveLength(0);
    expect(callsTo("POST", SUBMIT)[0]?.body).toEqual({
      consumerId: 7,
      samplerId: 11,
      samplerName: "Lakshmi Farms",
      samplerLocation: "Bhimavaram, Andhra Pradesh",
      coordinate: { lat: 16.5449, lng: 81.5212 },
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Allergen Testing"],
      phoneNumber: "+919848022338",
      emailAddress: "owner@lakshmi.in",
      markets: [],
      status: "PENDING",
      assigned: "",
    });
    const progress = screen.getByRole("progressbar", { name: "Waiting for assignment" });
    expect(progress).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByRole("heading", { name: "Submission Summary" })).toBeInTheDocument();
    expect(screen.getByText("#555")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "What happens next?" })).toBeInTheDocument();
    expect(screen.getByText(/within 30 seconds/)).toBeInTheDocument();
    expect(screen.getByText(/3 to 5 business days/)).toBeInTheDocument();
    expect(screen.getByText(/properly preserved and labelled/)).toBeInTheDocument();
    expect(screen.getByText(/only for urgent communications/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "View Test Results" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View All Samples" })).toHaveAttribute(
      "href",
      "/samples?highlight=555",
    );
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");

    await user.click(screen.getByRole("button", { name: "Submit Another Sample" }));
    expect(screen.getByRole("heading", { name: "Submit Sample for Testing" })).toBeInTheDocument();
    expect(nameInput()).toHaveValue("");
  });

  it("a new name, Yes: the provider is saved first and the sample names the new provider", async () => {
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "Sea Breeze");
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 11111");
    await fillRest(user);
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const dialog = await screen.findByRole("dialog", { name: "Save Sample Provider?" });
    expect(callsTo("POST", SUBMIT)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes, save provider" }));

    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(callsTo("POST", PROVIDERS)[0]?.body).toEqual({
      samplerName: "Sea Breeze",
      userType: "Farmer",
      phoneNumber: "+91 98480 11111",
      location: JSON.stringify({
        address: "14.4426, 79.9865",
        coordinates: { lat: 14.4426, lng: 79.9865 },
        placeId: null,
      }),
      coordinates: { lat: 14.4426, lng: 79.9865 },
    });
    expect((callsTo("POST", SUBMIT)[0]?.body as SampleSubmission).samplerId).toBe(99);
  });

  it("a new name, No: nothing saved, the sample names a temp_ id", async () => {
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "Sea Breeze");
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 11111");
    await fillRest(user);
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await user.click(await screen.findByRole("button", { name: "No, just submit" }));
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(callsTo("POST", PROVIDERS)).toHaveLength(0);
    expect(String((callsTo("POST", SUBMIT)[0]?.body as SampleSubmission).samplerId)).toMatch(/^temp_\d+$/);
  });

  it("a typed name equal to a saved provider's (other case, spaces): no question, that provider's id", async () => {
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "  lakshmi FARMS ");
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 22338");
    await fillRest(user);
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect((callsTo("POST", SUBMIT)[0]?.body as SampleSubmission).samplerId).toBe(11);
  });

  it.each([
    [
      { status: 400, body: { error: messages.sampleTestTypeNotInCategory } },
      messages.sampleTestTypeNotInCategory,
    ],
    [{ status: 400, body: {} }, messages.sampleInvalid],
    [{ status: 500, body: { error: "boom" } }, messages.serverError],
    [{ status: 404, body: { error: messages.providerNotFound } }, messages.providerNotFound],
  ])("submission refused (%o): the alert says %s", async (answer, expected) => {
    serve([saved], () => answer);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(expected));
    expect(screen.getByRole("heading", { name: "Submit Sample for Testing" })).toBeInTheDocument();
  });

  it("no provider name: the shared provider combobox is marked with the text beside it and focused", async () => {
    serve([]);
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(nameInput()).toHaveFocus());
    expect(nameInput()).toHaveAttribute("aria-invalid", "true");
    expect(nameInput().getAttribute("aria-describedby")).toContain("sample-provider-error");
    expect(screen.getByText(messages.sampleProviderNameRequired)).toHaveAttribute(
      "id",
      "sample-provider-error",
    );
    await user.type(nameInput(), "S");
    expect(nameInput()).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(messages.sampleProviderNameRequired)).not.toBeInTheDocument();
  });

  it("no test type: the error stands beside Test Types, the category (the fix) is marked invalid and focused", async () => {
    serve([]);
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "Sea Breeze");
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 22338");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const category = screen.getByLabelText(/Shrimp Category/);
    await waitFor(() => expect(category).toHaveFocus());
    expect(category).toHaveAttribute("aria-invalid", "true");
    expect(category).toHaveAccessibleDescription(messages.sampleTestTypesRequired);
    // With a category, the first test type box carries the error instead.
    await user.selectOptions(category, "Tiger Shrimp");
    expect(screen.queryByText(messages.sampleTestTypesRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const firstBox = screen.getAllByRole("checkbox")[0];
    await waitFor(() => expect(firstBox).toHaveFocus());
    expect(firstBox).toHaveAttribute("aria-invalid", "true");
    expect(firstBox).toHaveAccessibleDescription(messages.sampleTestTypesRequired);
  });

  it("a server refusal naming phoneNumber shows inline at the phone field, focused, and goes when the phone changes", async () => {
    serve([saved], () => ({
      status: 400,
      body: { error: messages.phoneInvalid, code: "validation_failed", field: "phoneNumber" },
    }));
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const phone = screen.getByLabelText(/Phone Number/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAccessibleDescription(messages.phoneInvalid);
    expect(phone).toHaveAttribute("maxlength", "32");
    // Inline only: no banner repeats it at the top.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    await user.type(phone, "9");
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();
    expect(phone).not.toHaveAttribute("aria-invalid");
  });

  it("a refusal without a field shows the banner, focused, and it clears when any input changes", async () => {
    serve([saved], () => ({ status: 500, body: { error: "boom" } }));
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent(messages.serverError);
    await user.type(screen.getByLabelText(/Email Address/), "a");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("after a submission the focus is on the Sample Processing heading", async () => {
    serve([saved]);
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const heading = await screen.findByRole("heading", { name: "Sample Processing" });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("Cancel: a link to /dashboard", () => {
    serve([]);
    render();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard");
  });
});

describe("Submit Sample: the draft on the device", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  const typeNewProvider = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(nameInput(), "Sea Breeze");
    await user.type(screen.getByLabelText(/Phone Number/), "+91 98480 11111");
    await fillRest(user);
  };

  it("a reload keeps what was typed, with 'Draft saved on this device'; Discard draft empties the form", async () => {
    serve([]);
    const user = userEvent.setup();
    const first = render();
    await typeNewProvider(user);
    expect(await screen.findByText("Draft saved on this device")).toBeInTheDocument();
    first.unmount();

    render();
    expect(nameInput()).toHaveValue("Sea Breeze");
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue("+91 98480 11111");
    expect(screen.getByLabelText(/Shrimp Category/)).toHaveValue("Tiger Shrimp");
    expect(screen.getByLabelText("Allergen Testing")).toBeChecked();
    const discard = screen.getByRole("button", { name: "Discard draft" });
    expect(discard).toHaveClass("min-h-11");
    await user.click(discard);
    expect(nameInput()).toHaveValue("");
    expect(screen.queryByText("Draft saved on this device")).not.toBeInTheDocument();
    expect(Object.keys(localStorage).filter((key) => key.includes("draft.submit-sample."))).toEqual([]);
  });

  it("another account signed in on the same phone does not see the draft", async () => {
    serve([]);
    const user = userEvent.setup();
    const first = render();
    await typeNewProvider(user);
    await screen.findByText("Draft saved on this device");
    first.unmount();
    logout();
    startSession({ user: { ...customer, id: 8 }, token: "jwt", expiresIn: 3600 });
    render();
    expect(nameInput()).toHaveValue("");
    expect(screen.queryByText("Draft saved on this device")).not.toBeInTheDocument();
  });

  it("an answer lost, a reload, Submit again: the same Idempotency-Key and body, so no second sample", async () => {
    let calls = 0;
    const { callsTo } = serve([], () =>
      (calls += 1) === 1
        ? { status: 503, body: { error: "down", code: "service_unavailable" } }
        : { status: 201, body: makeSample({ id: 555 }) },
    );
    const user = userEvent.setup();
    const first = render();
    await typeNewProvider(user);
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await user.click(await screen.findByRole("button", { name: "No, just submit" }));
    await screen.findByRole("alert");
    first.unmount();

    render();
    expect(nameInput()).toHaveValue("Sea Breeze");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await user.click(await screen.findByRole("button", { name: "No, just submit" }));
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    const [lost, again] = callsTo("POST", SUBMIT);
    expect(lost?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again?.headers["Idempotency-Key"]).toBe(lost?.headers["Idempotency-Key"]);
    expect(again?.body).toEqual(lost?.body);
  });

  it("after a success: the draft is gone, the form's history entry is replaced by the sample, the same content again is refused", async () => {
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    const { router } = render();
    const fill = async () => {
      await user.click(nameInput());
      await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
      await fillRest(user, { location: false });
    };
    await fill();
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    // Replaced, not pushed: Back leaves the sample for what came before the form.
    expect(router.state.historyAction).toBe("REPLACE");
    expect(router.state.location.pathname).toBe("/submit-sample/555");
    expect(Object.keys(localStorage).filter((key) => key.includes("draft.submit-sample."))).toEqual([]);

    await act(() => router.navigate("/submit-sample"));
    expect(await screen.findByRole("combobox", { name: /Sample Provider Name/ })).toHaveValue("");
    await fill();
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    expect(
      await screen.findByText(
        "This sample was already sent a moment ago as Sample #555. It is not sent twice.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Sample #555" })).toHaveAttribute(
      "href",
      "/submit-sample/555",
    );
    expect(callsTo("POST", SUBMIT)).toHaveLength(1);
  });
});

describe("Submit Sample: destination markets", () => {
  afterEach(() => logout());

  it("preselected from the profile's default markets, explained, toggled by tapping, and sent as markets", async () => {
    startSession({ user: { ...customer, defaultMarkets: ["EU"] }, token: "jwt", expiresIn: 3600 });
    const { callsTo } = serve([saved]);
    const user = userEvent.setup();
    render();
    const picker = await screen.findByRole("group", { name: "Destination markets (optional)" });
    expect(picker).toHaveTextContent(MARKETS_HINT);
    const eu = await within(picker).findByRole("checkbox", { name: "EU · European Union" });
    expect(eu).toBeChecked();
    const jp = within(picker).getByRole("checkbox", { name: "JP · Japan" });
    expect(jp).not.toBeChecked();
    await user.click(jp);
    await user.click(eu);
    expect(jp).toBeChecked();
    expect(eu).not.toBeChecked();

    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await screen.findByRole("heading", { name: "Sample Processing" });
    expect((callsTo("POST", SUBMIT)[0]?.body as SampleSubmission).markets).toEqual(["JP"]);
    expect(screen.getByText("Destination Markets").parentElement).toHaveTextContent("JP");
  });

  it("a server error about markets shows at the picker", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    serve([saved], () => ({
      status: 400,
      body: { error: "Unknown market", code: "validation_failed", field: "markets.0" },
    }));
    const user = userEvent.setup();
    render();
    await user.click(nameInput());
    await user.click(await within(dropdown()).findByRole("option", { name: /Lakshmi Farms/ }));
    await fillRest(user, { location: false });
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const picker = screen.getByRole("group", { name: "Destination markets (optional)" });
    expect(await within(picker).findByText("Unknown market")).toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages, type LocationValue } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LocationInput } from "./location-input";

/** The English hint under an unpicked place ("samples" catalogue). */
const LOCATION_PICK_HINT = "Pick a suggestion or type coordinates as 'lat, lng'.";

const AUTOCOMPLETE = "/api/places/autocomplete";
const bhimavaram = {
  placeId: "gn-bhimavaram",
  address: "Bhimavaram, West Godavari, Andhra Pradesh, India",
  coordinates: { lat: 16.54078, lng: 81.52322 },
};
const bhimadole = {
  placeId: "gn-bhimadole",
  address: "Bhimadole, West Godavari, Andhra Pradesh, India",
  coordinates: { lat: 16.81, lng: 81.26 },
};

let changes: (LocationValue | null)[] = [];

function Harness({ initial = null, locked = false }: { initial?: LocationValue | null; locked?: boolean }) {
  const [value, setValue] = useState<LocationValue | null>(initial);
  return (
    <LocationInput
      id="loc"
      label="Location"
      value={value}
      locked={locked}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const lastValue = () => changes[changes.length - 1];

function mockPlaces(answer: unknown[] = [bhimavaram, bhimadole], status = 200) {
  const mock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { status, body: answer } });
  const queries = () =>
    mock.spy.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === AUTOCOMPLETE)
      .map((url) => url.searchParams.get("q"));
  return { ...mock, queries };
}

describe("LocationInput", () => {
  beforeEach(() => {
    changes = [];
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
  });
  afterEach(() => logout());

  it("typing 'Bhim': no request while typing, then one debounced request and the suggestions", async () => {
    const { queries } = mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole("combobox", { name: "Location" });
    await user.type(input, "Bhim");
    expect(queries()).toEqual([]);
    expect(await screen.findByRole("option", { name: bhimavaram.address })).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(2);
    expect(queries()).toEqual(["Bhim"]);
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(lastValue()).toBeUndefined();
  });

  it("one character: nothing is requested and no list opens", async () => {
    const { queries } = mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole("combobox", { name: "Location" }), "B");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries()).toEqual([]);
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });

  it("picking a suggestion: value {address, coordinates, placeId}, coordinates shown, list closed", async () => {
    mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole("combobox", { name: "Location" });
    await user.type(input, "Bhimav");
    await user.click(await screen.findByRole("option", { name: bhimavaram.address }));
    expect(lastValue()).toEqual({
      address: bhimavaram.address,
      coordinates: bhimavaram.coordinates,
      placeId: bhimavaram.placeId,
    });
    expect(input).toHaveValue(bhimavaram.address);
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("Coordinates: 16.54078, 81.52322")).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it("keyboard: ArrowDown/ArrowUp move the active option, Enter picks it, Escape closes the list", async () => {
    mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole("combobox", { name: "Location" });
    await user.type(input, "Bhi");
    await screen.findAllByRole("option");
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", "loc-option-0");
    expect(screen.getByRole("option", { name: bhimavaram.address })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", "loc-option-1");
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", "loc-option-0");
    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", "loc-option-1");
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    expect(lastValue()).toBeUndefined();

    await user.keyboard("{ArrowDown}{Enter}");
    expect(lastValue()).toEqual({
      address: bhimavaram.address,
      coordinates: bhimavaram.coordinates,
      placeId: bhimavaram.placeId,
    });
    expect(input).toHaveValue(bhimavaram.address);
  });

  it("typed '16.5440, 81.5210': accepted as {address, coordinates, placeId: null} without a request", async () => {
    const { queries } = mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole("combobox", { name: "Location" }), "16.5440, 81.5210");
    expect(lastValue()).toEqual({
      address: "16.5440, 81.5210",
      coordinates: { lat: 16.544, lng: 81.521 },
      placeId: null,
    });
    expect(screen.getByText("Coordinates: 16.54400, 81.52100")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries()).toEqual([]);
  });

  it("typed coordinates out of range: refused with the coordinates message, value empty", async () => {
    mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole("combobox", { name: "Location" });
    await user.type(input, "45.5, 81.5");
    expect(lastValue()?.coordinates).toEqual({ lat: 45.5, lng: 81.5 });
    await user.clear(input);
    await user.type(input, "95.5, 81.5");
    expect(screen.getByRole("alert")).toHaveTextContent(messages.coordinatesInvalid);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(lastValue()).toBeNull();
    await user.clear(input);
    await user.type(input, "16.5, 181");
    expect(screen.getByRole("alert")).toHaveTextContent(messages.coordinatesInvalid);
    expect(lastValue()).toBeNull();
  });

  it("free text that is neither a suggestion nor coordinates: a hint, and no value", async () => {
    mockPlaces([]);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole("combobox", { name: "Location" }), "my pond near the canal");
    expect(await screen.findByText(/No places found for "my pond near the canal"/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(LOCATION_PICK_HINT.replace(/[.'()]/g, "\\$&")))).toBeInTheDocument();
    expect(changes.every((value) => value === null)).toBe(true);
  });

  it("editing the text of a picked place: the value is cleared until a new pick", async () => {
    mockPlaces();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole("combobox", { name: "Location" });
    await user.type(input, "Bhimav");
    await user.click(await screen.findByRole("option", { name: bhimavaram.address }));
    await user.type(input, "x");
    expect(lastValue()).toBeNull();
    expect(screen.queryByText(/^Coordinates:/)).not.toBeInTheDocument();
  });

  it("a place without coordinates from the server: never offered", async () => {
    mockPlaces([{ placeId: "gn-x", address: "Nowhere, India" }, bhimavaram]);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole("combobox", { name: "Location" }), "Bhim");
    expect(await screen.findByRole("option", { name: bhimavaram.address })).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(1);
    expect(screen.queryByText("Nowhere, India")).not.toBeInTheDocument();
  });

  it("autocomplete failure: only logged, nothing shown to the user", async () => {
    mockPlaces([], 500);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole("combobox", { name: "Location" }), "Bhim");
    await waitFor(() => expect(log).toHaveBeenCalledWith("Places autocomplete failed:", expect.anything()));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });

  it("a value given from outside: its address shown; locked makes the input read-only", () => {
    mockPlaces();
    renderWithProviders(
      <Harness
        locked
        initial={{
          address: bhimavaram.address,
          coordinates: bhimavaram.coordinates,
          placeId: bhimavaram.placeId,
        }}
      />,
    );
    const input = screen.getByRole("combobox", { name: "Location" });
    expect(input).toHaveValue(bhimavaram.address);
    expect(input).toHaveAttribute("readonly");
    expect(screen.getByText("Coordinates: 16.54078, 81.52322")).toBeInTheDocument();
  });
});

describe("LocationInput: Use my location", () => {
  const NEAREST = "/api/places/nearest";
  beforeEach(() => {
    changes = [];
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
  });
  afterEach(() => {
    logout();
    Reflect.deleteProperty(navigator, "geolocation");
  });

  /** The browser's geolocation answering one position, or one error code (1: refused). */
  function fakeGeolocation(answer: { lat: number; lng: number } | { code: number }) {
    const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ("code" in answer) fail?.({ code: answer.code, message: "no" } as GeolocationPositionError);
      else ok({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
    });
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    return getCurrentPosition;
  }

  it("in India: the nearest known place by name, with the device's coordinates", async () => {
    fakeGeolocation({ lat: 16.5512345, lng: 81.5398765 });
    const { callsTo } = mockFetch({
      [`GET ${NEAREST}`]: { body: { ...bhimavaram, distanceKm: 1.9 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() =>
      expect(lastValue()).toEqual({
        address: bhimavaram.address,
        coordinates: { lat: 16.55123, lng: 81.53988 },
        placeId: bhimavaram.placeId,
      }),
    );
    expect(screen.getByRole("combobox", { name: "Location" })).toHaveValue(bhimavaram.address);
    expect(screen.getByText("Coordinates: 16.55123, 81.53988")).toBeInTheDocument();
    const query = callsTo("GET", NEAREST)[0]?.query;
    expect([query?.get("lat"), query?.get("lon")]).toEqual(["16.55123", "81.53988"]);
  });

  it("no known place near (404): the coordinates themselves become the location", async () => {
    fakeGeolocation({ lat: 15, lng: 86 });
    mockFetch({
      [`GET ${NEAREST}`]: { status: 404, body: { error: messages.nearestPlaceNone, code: "not_found" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() =>
      expect(lastValue()).toEqual({
        address: "15.00000, 86.00000",
        coordinates: { lat: 15, lng: 86 },
        placeId: null,
      }),
    );
  });

  it.each([
    ["outside India (London)", { lat: 51.5, lng: -0.12 }, messages.locationOutsideIndia],
    ["refused by the person", { code: 1 }, messages.locationDenied],
    ["unavailable or timed out", { code: 3 }, messages.locationUnavailable],
  ])("%s: a clear message on the field, nothing filled, no lookup", async (_, answer, message) => {
    fakeGeolocation(answer);
    const { callsTo } = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("combobox", { name: "Location" })).toHaveAttribute("aria-invalid", "true");
    expect(changes).toEqual([]);
    expect(callsTo("GET", NEAREST)).toHaveLength(0);
    // Typing again clears the message.
    await user.type(screen.getByRole("combobox", { name: "Location" }), "B");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a browser without geolocation says so", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.locationUnsupported);
  });

  it("a locked location offers no button", () => {
    mockFetch({});
    renderWithProviders(<Harness locked initial={{ ...bhimavaram }} />);
    expect(screen.queryByRole("button", { name: "Use my location" })).not.toBeInTheDocument();
  });
});

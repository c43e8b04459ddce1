import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import {
  DRAFT_SAVE_DELAY_MS,
  DRAFT_VERSION,
  draftStorageKey,
  readDraft,
  useDraft,
  useFormDraft,
  writeDraft,
} from "./use-form-draft";

interface Values {
  name: string;
  password: string;
}
const schema: z.ZodType<Values> = z
  .object({ name: z.string() })
  .transform((values) => ({ ...values, password: "" }));
const blank: Values = { name: "", password: "" };
const KEY = draftStorageKey("test-form", 7);

afterEach(() => vi.useRealTimers());

describe("readDraft", () => {
  it("a draft of this version that passes the schema is read back", () => {
    writeDraft(KEY, { name: "Lakshmi" });
    expect(readDraft(KEY, schema)).toEqual({ name: "Lakshmi", password: "" });
  });

  it("corrupt JSON, another version or values of the wrong shape: ignored and removed", () => {
    localStorage.setItem(KEY, "{not json");
    expect(readDraft(KEY, schema)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    localStorage.setItem(
      KEY,
      JSON.stringify({ version: DRAFT_VERSION + 1, savedAt: 1, values: { name: "x" } }),
    );
    expect(readDraft(KEY, schema)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    localStorage.setItem(KEY, JSON.stringify({ version: DRAFT_VERSION, savedAt: 1, values: { name: 4 } }));
    expect(readDraft(KEY, schema)).toBeNull();
  });

  it("keyed by account: another person signed in on the same phone finds nothing", () => {
    writeDraft(draftStorageKey("test-form", 7), { name: "Lakshmi" });
    expect(readDraft(draftStorageKey("test-form", 8), schema)).toBeNull();
  });
});

describe("useDraft", () => {
  const options = { form: "test-form", accountId: 7, schema, blank, secret: ["password"] };

  it("writes after the delay, never the secret field, and says it is saved", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDraft(options));
    act(() => result.current.save({ name: "Ravi", password: "Tide#Pool2025" }));
    expect(localStorage.getItem(KEY)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    });
    const stored = localStorage.getItem(KEY) ?? "";
    expect(JSON.parse(stored)).toMatchObject({ version: DRAFT_VERSION, values: { name: "Ravi" } });
    expect(stored).not.toContain("Tide#Pool2025");
    expect(stored).not.toContain("password");
    expect(result.current.saved).toBe(true);
  });

  it("a page hide (reload, closed tab) writes what waits at once", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDraft(options));
    act(() => result.current.save({ name: "Ravi", password: "" }));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(readDraft(KEY, schema)).toEqual({ name: "Ravi", password: "" });
  });

  it("clear: the draft goes and a save still waiting is dropped, also when the form closes", () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(() => useDraft(options));
    act(() => result.current.saveNow({ name: "Ravi", password: "" }));
    act(() => result.current.save({ name: "Ravi K", password: "" }));
    act(() => result.current.clear());
    unmount();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("values back to the untouched ones keep no draft", () => {
    const { result } = renderHook(() => useDraft(options));
    act(() => result.current.saveNow({ name: "Ravi", password: "" }));
    act(() => result.current.saveNow({ name: "", password: "secret" }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(result.current.saved).toBe(false);
  });

  it("without a signed-in account nothing is kept", () => {
    const { result } = renderHook(() => useDraft({ ...options, accountId: null }));
    act(() => result.current.saveNow({ name: "Ravi", password: "" }));
    expect(localStorage.length).toBe(0);
  });
});

function NameForm() {
  const { register, watch, reset } = useForm<Values>({ defaultValues: blank });
  const draft = useFormDraft({
    form: "test-form",
    accountId: 7,
    schema,
    blank,
    secret: ["password"],
    watch,
    reset,
  });
  return (
    <form>
      <label>
        Name
        <input {...register("name")} />
      </label>
      <label>
        Password
        <input type="password" {...register("password")} />
      </label>
      {draft.saved ? <p>saved</p> : null}
      <button type="button" onClick={draft.discard}>
        discard
      </button>
    </form>
  );
}

describe("useFormDraft (react-hook-form)", () => {
  it("typing is kept (not the password); a new form restores it with reset; discard empties both", async () => {
    const user = userEvent.setup();
    const first = render(<NameForm />);
    await user.type(screen.getByLabelText("Name"), "Lakshmi");
    await user.type(screen.getByLabelText("Password"), "Tide#Pool2025");
    expect(await screen.findByText("saved")).toBeInTheDocument();
    expect(localStorage.getItem(KEY)).not.toContain("Tide#Pool2025");
    first.unmount();

    render(<NameForm />);
    expect(screen.getByLabelText("Name")).toHaveValue("Lakshmi");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByText("saved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "discard" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.queryByText("saved")).not.toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

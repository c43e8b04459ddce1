import { LocateFixed, MapPin } from "lucide-react";
import { useEffect, useState } from "react";

import { type LocationValue, type PlaceSuggestion } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Field, describedBy } from "@/components/ui/input";

import { PLACES_MIN_QUERY_LENGTH, usePlaceSuggestions } from "@/lib/api/autocomplete-places";
import { getNearestPlace } from "@/lib/api/get-nearest-place";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useT } from "@/lib/i18n/use-t";
import { devicePosition } from "@/utils/geolocation";
import { formatCoordinates, hasCoordinates, parseTypedCoordinates, typedLocation } from "@/utils/location";

export const LOCATION_DEBOUNCE_MS = 250;
export interface LocationInputProps {
  id: string;
  label: string;
  value: LocationValue | null;
  onChange: (value: LocationValue | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** Read-only: the location comes from elsewhere (a saved provider with coordinates). */
  locked?: boolean;
  error?: string | undefined;
  required?: boolean;
  placeholder?: string;
  className?: string;
}

const keyOf = (value: LocationValue | null): string =>
  value
    ? JSON.stringify([
        value.address,
        value.coordinates?.lat ?? null,
        value.coordinates?.lng ?? null,
        value.placeId ?? null,
      ])
    : "";

/**
 * The location input (docs/product-rules.md, Validation): a combobox of India-only place
 * suggestions (debounced, 2 characters or more), or typed "lat, lng". Only a picked suggestion or valid typed coordinates
 * become a value `{address, coordinates, placeId}`; anything else leaves the value empty.
 */
export function LocationInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  disabled = false,
  locked = false,
  error,
  required,
  placeholder,
  className,
}: LocationInputProps) {
  const { t } = useT("samples");
  const [text, setText] = useState(value?.address ?? "");
  const [syncedKey, setSyncedKey] = useState(keyOf(value));
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | undefined>(undefined);

  // A value set from outside (a form reset, an edited provider) replaces the text.
  const valueKey = keyOf(value);
  if (valueKey !== syncedKey) {
    setSyncedKey(valueKey);
    if (value) setText(value.address);
    else if (syncedKey !== "") setText("");
    setOpen(false);
    setActiveIndex(-1);
  }

  const editable = !disabled && !locked;
  const searchText = text.trim();
  const typed = parseTypedCoordinates(text);
  const showsValue = value !== null && text === value.address;
  const wantsSuggestions =
    editable && typed.kind === "none" && !showsValue && searchText.length >= PLACES_MIN_QUERY_LENGTH;
  const debounced = useDebouncedValue(searchText, LOCATION_DEBOUNCE_MS);
  const query = usePlaceSuggestions(debounced, wantsSuggestions);
  const suggestions = wantsSuggestions ? (query.data ?? []) : [];
  const listOpen = open && suggestions.length > 0;
  const active = listOpen && activeIndex < suggestions.length ? activeIndex : -1;

  // Errors of the places autocomplete are only logged, never shown: typed coordinates still work.
  useEffect(() => {
    if (query.error) console.error("Places autocomplete failed:", query.error);
  }, [query.error]);

  const emit = (next: LocationValue | null) => {
    const nextKey = keyOf(next);
    setSyncedKey(nextKey);
    if (nextKey !== valueKey) onChange(next);
  };

  const handleInput = (next: string) => {
    setGeoError(undefined);
    setText(next);
    setOpen(true);
    setActiveIndex(-1);
    const parsed = parseTypedCoordinates(next);
    emit(parsed.kind === "valid" ? typedLocation(next, parsed.coordinates) : null);
  };

  const select = (suggestion: PlaceSuggestion) => {
    // A place without coordinates is never accepted (the fetcher drops them too).
    if (!Number.isFinite(suggestion.coordinates.lat) || !Number.isFinite(suggestion.coordinates.lng)) return;
    setText(suggestion.address);
    setOpen(false);
    setActiveIndex(-1);
    emit({ address: suggestion.address, coordinates: suggestion.coordinates, placeId: suggestion.placeId });
  };

  /** "Use my location": the device's position in India, named after the nearest known place. */
  const locateMe = async () => {
    setGeoError(undefined);
    setLocating(true);
    try {
      const position = await devicePosition();
      if (position.kind === "error") {
        setGeoError(position.message);
        return;
      }
      const { coordinates } = position;
      const place = await getNearestPlace(coordinates).catch(() => undefined);
      if (place === undefined) {
        setGeoError(t("samples.location.nearestFailed"));
        return;
      }
      const next: LocationValue = place
        ? { address: place.address, coordinates, placeId: place.placeId }
        : typedLocation(formatCoordinates(coordinates), coordinates);
      setText(next.address);
      setOpen(false);
      setActiveIndex(-1);
      emit(next);
    } finally {
      setLocating(false);
    }
  };

  const coordinatesError = typed.kind === "invalid" ? "coordinatesInvalid" : undefined;
  const shownError = coordinatesError ?? geoError ?? error;
  const searchedWithoutResults =
    wantsSuggestions &&
    debounced === searchText &&
    query.isSuccess &&
    !query.isPlaceholderData &&
    suggestions.length === 0;

  let hint: string;
  if (hasCoordinates(value))
    hint = t("samples.location.coordinates", { coordinates: formatCoordinates(value.coordinates) });
  else if (value) hint = t("samples.location.noCoordinatesHint");
  else if (coordinatesError) hint = "";
  else if (searchText === "") hint = t("samples.location.emptyHint");
  else if (searchedWithoutResults) hint = t("samples.location.noPlaces", { text: searchText });
  else hint = t("samples.location.pickHint");

  return (
    <Field
      id={id}
      label={label}
      required={required}
      error={shownError}
      hint={hint || undefined}
      className={className}
    >
      <Combobox
        id={id}
        label={label}
        icon={<MapPin className="h-4 w-4" />}
        items={suggestions}
        itemKey={(suggestion) => suggestion.placeId}
        renderItem={(suggestion) => (
          <span className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-teal-700" />
            <span>{suggestion.address}</span>
          </span>
        )}
        open={listOpen}
        activeIndex={active}
        setOpen={setOpen}
        setActiveIndex={setActiveIndex}
        onSelect={select}
        describedBy={describedBy(id, shownError, Boolean(hint))}
        inputProps={{
          spellCheck: false,
          placeholder: placeholder ?? t("samples.location.placeholder"),
          value: text,
          disabled,
          readOnly: locked,
          invalid: Boolean(shownError),
          onChange: (event) => handleInput(event.target.value),
          onFocus: () => setOpen(true),
          onBlur: () => {
            setOpen(false);
            setActiveIndex(-1);
            onBlur?.();
          },
        }}
      />
      {editable ? (
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          isLoading={locating}
          icon={<LocateFixed aria-hidden="true" className="h-4 w-4" />}
          onClick={() => void locateMe()}
        >
          {locating ? t("samples.location.locating") : t("samples.location.useMine")}
        </Button>
      ) : null}
    </Field>
  );
}

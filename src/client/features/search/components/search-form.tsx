import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useContentItem } from '../../content';
import { useLocationPredictions } from '../api/location-predictions';
import styles from './search-form.module.css';

export const LOCATION_REQUIRED_MESSAGE = 'Enter city, state or ZIP code.';

export type SearchFormValues = { location: string; restaurantOrCuisine: string };
export type FieldError = { field: string; message: string };

export type SearchFormProps = {
  /** Values to start from (the current search). Remount with a key to reset. */
  initialValues: SearchFormValues;
  onSearch: (values: SearchFormValues) => void;
  onUseCurrentLocation: () => void;
  /** Field errors from the server (e.g. an unknown place on 'location'). */
  serverErrors?: readonly FieldError[];
  /** True while the browser is being asked for the position. */
  locating?: boolean;
  id?: string;
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * §2 search form: city/state/ZIP and restaurant or cuisine, 'Use current location', submit.
 * Validates on submit, then again on each change (§5); errors are tied to their field.
 */
export function SearchForm({ initialValues, onSearch, onUseCurrentLocation, serverErrors = [], locating = false, id }: SearchFormProps) {
  const labels = useContentItem('*', 'labels');
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const [dismissedServer, setDismissedServer] = useState<readonly FieldError[] | null>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const cuisineRef = useRef<HTMLInputElement>(null);
  const uid = useId();
  const locId = `${uid}-location`;
  const cuisineId = `${uid}-cuisine`;

  const activeServer = dismissedServer === serverErrors ? [] : serverErrors;
  const serverLocation = activeServer.find((e) => e.field === 'location' || e.field === 'latitude' || e.field === 'longitude');
  const serverCuisine = activeServer.find((e) => e.field === 'restaurantOrCuisine');
  const locationError = clientError ?? serverLocation?.message ?? null;
  const cuisineError = serverCuisine?.message ?? null;

  // A new server answer with field errors moves focus to the first field in error.
  useEffect(() => {
    if (serverErrors.length === 0) return;
    if (serverErrors.some((e) => e.field === 'location' || e.field === 'latitude' || e.field === 'longitude')) locationRef.current?.focus();
    else if (serverErrors.some((e) => e.field === 'restaurantOrCuisine')) cuisineRef.current?.focus();
  }, [serverErrors]);

  const validate = (v: SearchFormValues) => (v.location.trim() ? null : LOCATION_REQUIRED_MESSAGE);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const error = validate(values);
    setClientError(error);
    if (error) {
      locationRef.current?.focus();
      return;
    }
    setDismissedServer(serverErrors);
    onSearch({ location: values.location.trim(), restaurantOrCuisine: values.restaurantOrCuisine.trim() });
  };

  // Suggestions while the person types in the location box (an ARIA 1.2 combobox with a list).
  const [typing, setTyping] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const predictions = useLocationPredictions(values.location, typing);
  const showList = listOpen && predictions.length > 0;
  const listId = `${locId}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;

  const choose = (label: string) => {
    change('location', label);
    setTyping(false);
    setListOpen(false);
    setActive(-1);
  };

  const onLocationKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (predictions.length === 0) return;
      e.preventDefault();
      setListOpen(true);
      // Positions: -1 is the text itself, then each suggestion; the arrows wrap through them.
      const last = predictions.length - 1;
      if (!showList) setActive(e.key === 'ArrowDown' ? 0 : last);
      else if (e.key === 'ArrowDown') setActive((i) => (i >= last ? -1 : i + 1));
      else setActive((i) => (i <= -1 ? last : i - 1));
    } else if (e.key === 'Enter' && showList && active >= 0 && predictions[active]) {
      e.preventDefault();
      choose(predictions[active].label);
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault();
      setListOpen(false);
      setActive(-1);
    }
  };

  const change = (field: keyof SearchFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted && field === 'location') setClientError(validate(next));
    // Editing a field answers the server's complaint about it.
    if (activeServer.length) setDismissedServer(serverErrors);
  };
  /** A box's id, name and value, and its error message (shown below it, with that id) tied to it. */
  const fieldProps = (fieldId: string, field: keyof SearchFormValues, error: string | undefined | null) => ({
    id: fieldId, name: field, value: values[field],
    'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${fieldId}-error` : undefined,
  });

  return (
    <form id={id} className={styles.form} role="search" aria-label="Restaurants" noValidate onSubmit={submit}>
      <div className={`${styles.field} ${styles.locationField}`}>
        <label htmlFor={locId} className={styles.label}>City, state or ZIP</label>
        <input
          ref={locationRef}
          {...fieldProps(locId, 'location', locationError)}
          className={styles.input}
          type="text"
          autoComplete="address-level2"
          maxLength={100}
          placeholder={str(labels?.search_location_placeholder)}
          aria-required="true"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          onChange={(e) => {
            change('location', e.target.value);
            setTyping(true);
            setListOpen(true);
            setActive(-1);
          }}
          onKeyDown={onLocationKey}
          onBlur={() => { setListOpen(false); setActive(-1); }}
        />
        <LocationSuggestions listId={listId} predictions={showList ? predictions : []} active={active} optionId={optionId} onChoose={choose} />
        {locationError && <p id={`${locId}-error`} className={styles.error}>{locationError}</p>}
      </div>
      <div className={styles.field}>
        <label htmlFor={cuisineId} className={styles.label}>Restaurant or cuisine <span className={styles.optional}>(optional)</span></label>
        <input
          ref={cuisineRef}
          {...fieldProps(cuisineId, 'restaurantOrCuisine', cuisineError)}
          className={styles.input}
          type="text"
          maxLength={100}
          autoComplete="off"
          placeholder={str(labels?.search_cuisine_placeholder)}
          onChange={(e) => change('restaurantOrCuisine', e.target.value)}
        />
        {cuisineError && <p id={`${cuisineId}-error`} className={styles.error}>{cuisineError}</p>}
      </div>
      <SearchActions locating={locating} onUseCurrentLocation={onUseCurrentLocation} />
    </form>
  );
}

/** The location box's suggested places (shown while there are some) and their count, read out. */
function LocationSuggestions({ listId, predictions, active, optionId, onChoose }: { listId: string; predictions: ReadonlyArray<{ label: string }>; active: number; optionId: (i: number) => string; onChoose: (label: string) => void }) {
  return (
    <>
    <ul id={listId} role="listbox" aria-label="Suggested places" className={styles.suggestions} hidden={predictions.length === 0}>
      {predictions.map((p, i) => (
        <li
          key={p.label}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={styles.suggestion}
          // Chosen before the input's blur closes the list.
          onMouseDown={(e) => { e.preventDefault(); onChoose(p.label); }}
        >
          {p.label}
        </li>
      ))}
    </ul>
    <p className="visually-hidden" role="status">{predictions.length > 0 ? `${predictions.length} suggested place${predictions.length === 1 ? '' : 's'}; use the arrow keys to choose.` : ''}</p>
    </>
  );
}

/** Search, and Use current location (busy while the browser finds it). */
function SearchActions({ locating, onUseCurrentLocation }: { locating: boolean; onUseCurrentLocation: () => void }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.submit}>Search</button>
      <button type="button" className={styles.secondary} onClick={onUseCurrentLocation} aria-busy={locating || undefined}>
        <svg className={styles.pin} aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
          <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>{locating ? 'Finding your location…' : 'Use current location'}
      </button>
    </div>
  );
}

import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { FieldErrorSlot } from '#client/components/field-error';
import { merchantSearchQueryOptions } from '../../search';
import fieldStyles from '#client/components/text-field.module.css';
import styles from './claims.module.css';

export type PickedRestaurant = { id: number; name: string; place: string };

/** Results offered for a name; a member picks the one where they dined. */
const RESULTS = 8;
/** The search waits for a pause in typing. */
const TYPING_PAUSE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const placeOf = (m: MerchantSummary) => [m.location.address.address1, m.location.address.city, m.location.address.state].filter(Boolean).join(', ');

/**
 * The restaurant of a claim, found with the merchant search (GET /api/v2/Merchants/Search, the
 * search page's call) by name near a place: an ARIA 1.2 combobox (list autocomplete). Arrow keys
 * move through the results, Enter picks, Escape closes; the number of results is announced.
 */
export function RestaurantCombobox(props: { near: string; value: PickedRestaurant | null; onChange: (r: PickedRestaurant | null) => void; error?: string | null; required?: boolean }) {
  const id = useId();
  const inputId = `restaurant${id}`;
  const listId = `${inputId}-list`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [text, setText] = useState(props.value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), TYPING_PAUSE_MS);
  const near = useDebounced(props.near.trim(), TYPING_PAUSE_MS);
  const searching = open && term.length >= 2 && near.length >= 2 && term !== props.value?.name;
  const search = useQuery({
    ...merchantSearchQueryOptions(searching ? { restaurantOrCuisine: term, location: near, radius: 100, pageSize: RESULTS } : null),
    retry: false,
  });
  const results = searching ? search.data?.merchants ?? [] : [];
  const expanded = open && results.length > 0;

  const pick = (m: MerchantSummary) => {
    props.onChange({ id: m.id, name: m.name, place: placeOf(m) });
    setText(m.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (results.length) setActive((i) => (i + 1) % results.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && results[active]) {
      e.preventDefault();
      pick(results[active]);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  let status = '';
  if (searching && search.isFetching) status = 'Searching…';
  else if (searching && search.isError) status = 'The search did not work. Check the place and try again.';
  else if (searching && search.data) status = results.length === 0 ? 'No restaurant by that name near this place.' : `${results.length} restaurant${results.length === 1 ? '' : 's'} found. Use the arrow keys to choose.`;
  const describedBy = [hintId, props.error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        Restaurant
        {props.required && <span className={fieldStyles.required}> (required)</span>}
      </label>
      <p id={hintId} className={fieldStyles.hint}>
        Type at least two letters of its name, then choose it from the list.
      </p>
      <div className={styles.comboBox}>
        <input
          id={inputId}
          name="restaurant"
          type="text"
          role="combobox"
          autoComplete="off"
          className={fieldStyles.input}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-required={props.required || undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            if (props.value) props.onChange(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label="Restaurants found" className={styles.options} hidden={!expanded}>
          {results.map((m, i) => (
            <li
              key={m.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? `${styles.option} ${styles.optionActive}` : styles.option}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(m)}
            >
              <span className={styles.optionName}>{m.name}</span>
              <span className={styles.optionPlace}>{placeOf(m)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.comboStatus} role="status" aria-live="polite">
        {status}
      </p>
      {props.value && <p className={styles.picked}>{props.value.place}</p>}
      <FieldErrorSlot id={errorId} error={props.error} />
    </div>
  );
}

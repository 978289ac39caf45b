import { useId } from 'react';
import { FEATURES, MEALS, SORTS, type Feature, type Meal, type SortBy } from '#shared/constants/merchant';
import { countFilters, type FilterState } from '#shared/rules/search-query';
import { featureFlagsOf } from '#shared/rules/partner-features';
import { useContent } from '../../content';
import { usePartner } from '#client/lib/partner';
import styles from './filter-panel.module.css';

export const FEATURE_LABELS: Record<Feature, string> = { delivery: 'Delivery', dineIn: 'Dine-in', takeout: 'Takeout', onlineOrdering: 'Online ordering' };
export const MEAL_LABELS: Record<Meal, string> = { breakfast: 'Breakfast', brunch: 'Brunch', lunch: 'Lunch', dinner: 'Dinner', lateNight: 'Late night' };
export const SORT_LABELS: Record<SortBy, string> = { distance: 'Distance', rating: 'Rating', name: 'Name', priceLow: 'Price: low to high', priceHigh: 'Price: high to low' };
export const PRICE_SR_LABELS = ['Inexpensive', 'Moderate', 'Pricey', 'Very expensive'] as const;

export type FilterPanelProps = {
  value: FilterState;
  onChange: (next: FilterState) => void;
  /** Called by 'Done' on small screens, where the panel is a disclosure. */
  onDone?: () => void;
  id?: string;
};

function toggle<T>(list: readonly T[] | undefined, item: T, on: boolean, order: readonly T[]): T[] | undefined {
  const set = new Set(list ?? []);
  if (on) set.add(item);
  else set.delete(item);
  const next = order.filter((x) => set.has(x));
  return next.length ? next : undefined;
}

/** §2 filter and sort panel: Suggested, Dining, Meals, Price and Sort by, in labelled fieldsets. */
export function FilterPanel({ value, onChange, onDone, id }: FilterPanelProps) {
  const partner = usePartner();
  const { copy } = useContent();
  const uid = useId();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  // §3 feature flags' filters, from the configuration in the page (the rule behind GET /api/feature-flags).
  const filters = featureFlagsOf(partner).filters;
  const active = countFilters(value);
  const currencyText = copy('{{currencyPlural}} available');
  const benefitsLabel = currencyText.charAt(0).toUpperCase() + currencyText.slice(1);

  const box = (key: string, label: string, checked: boolean, onToggle: (on: boolean) => void, srLabel?: string) => {
    const inputId = `${uid}-${key}`;
    return (
      <div className={styles.option} key={key}>
        <input id={inputId} type="checkbox" className={styles.check} checked={checked} onChange={(e) => onToggle(e.target.checked)} />
        <label htmlFor={inputId}>
          {srLabel ? <><span aria-hidden="true">{label}</span><span className="visually-hidden">{srLabel}</span></> : label}
        </label>
      </div>
    );
  };

  return (
    <div id={id} className={styles.panel}>
      <div className={styles.head}>
        <h2 className={styles.title}>Filter and sort</h2>
        <button type="button" className={styles.clear} onClick={() => onChange({})} disabled={active === 0 && !value.sortBy}>
          Clear all
        </button>
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Suggested</legend>
        {filters.acclaimed && box('acclaimed', 'Acclaimed', value.acclaimed === true, (on) => set({ acclaimed: on || undefined }))}
        {box('isNew', 'New', value.isNew === true, (on) => set({ isNew: on || undefined }))}
        {box('benefitsFor', benefitsLabel, value.benefitsFor === true, (on) => set({ benefitsFor: on || undefined }))}
        {filters.reservations && box('reservations', 'Reservations', value.reservations === true, (on) => set({ reservations: on || undefined }))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Dining</legend>
        {FEATURES.map((f) => box(`f-${f}`, FEATURE_LABELS[f], value.features?.includes(f) ?? false, (on) => set({ features: toggle(value.features, f, on, FEATURES) })))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Meals</legend>
        {MEALS.map((m) => box(`m-${m}`, MEAL_LABELS[m], value.mealsServed?.includes(m) ?? false, (on) => set({ mealsServed: toggle(value.mealsServed, m, on, MEALS) })))}
      </fieldset>
      <fieldset className={`${styles.group} ${styles.prices}`}>
        <legend className={styles.legend}>Price</legend>
        {[1, 2, 3, 4].map((p) => box(`p-${p}`, '$'.repeat(p), value.priceRange?.includes(p) ?? false,
          (on) => set({ priceRange: toggle(value.priceRange, p, on, [1, 2, 3, 4]) }), `${'$'.repeat(p)} ${PRICE_SR_LABELS[p - 1]}`))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Sort by</legend>
        {SORTS.map((s) => {
          const inputId = `${uid}-sort-${s}`;
          const checked = (value.sortBy ?? 'distance') === s;
          return (
            <div className={styles.option} key={s}>
              <input id={inputId} type="radio" name={`${uid}-sort`} className={styles.check} checked={checked}
                onChange={() => set({ sortBy: s === 'distance' ? undefined : s })} />
              <label htmlFor={inputId}>{SORT_LABELS[s]}</label>
            </div>
          );
        })}
      </fieldset>
      {onDone && (
        <button type="button" className={styles.done} onClick={onDone}>Done</button>
      )}
    </div>
  );
}

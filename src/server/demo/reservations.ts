import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The demo restaurants' reservation books for our own engine: every restaurant that takes
 * reservations (reservationProviders.openTable in the catalogue) gets settings, tables and shifts,
 * derived from its id and meals so the same catalogue always gives the same books. One
 * set-based statement, whatever the number of restaurants (the first start stays fast); it fills
 * only what is missing, so it also completes data folders seeded before reservations existed.
 *
 * - settings: our engine, parties 1–6 online (every tenth restaurant from 2), a booking window of 30, 60 or
 *   90 days ahead, a 60-minute cut-off, 3–5 parties and 12–20 covers per 15 minutes, 5-minute
 *   holds, turn times 90 / 105 / 120 minutes for parties up to 2 / 4 / more. The OpenTable id
 *   stays in provider_ref for the day the restaurant moves to that provider.
 * - tables: 3–5 two-tops, 4–6 four-tops, 2–4 six-tops and one eight-top.
 * - shifts: dinner every day (last seating 21:30, 22:00 on Friday and Saturday; every seventh
 *   restaurant closed on Monday), lunch on weekdays where it serves lunch, brunch at weekends where
 *   it serves brunch.
 */
export async function ensureReservationBooks(db: Db): Promise<void> {
  // A handful of floor plans (by id % 3) and weekly plans (closed Mondays, lunch, brunch), built
  // once and joined to the restaurants: the insert itself is one plain row per restaurant.
  await db.execute(sql`
    with floor_plans as (
      select v, jsonb_agg(jsonb_build_object('no', no, 'name', label || ' ' || n, 'minCovers', min_covers, 'maxCovers', max_covers) order by no) as tables
      from (
        select v, row_number() over (partition by v order by t.ord, n) as no, t.label, n, t.min_covers, t.max_covers
        from generate_series(0, 2) as v
        cross join (values (1, 'Two-top', 1, 2, 3), (2, 'Four-top', 2, 4, 4), (3, 'Six-top', 4, 6, 2), (4, 'Eight-top', 6, 8, 1))
          as t(ord, label, min_covers, max_covers, base)
        cross join lateral generate_series(1, t.base + case when t.max_covers = 8 then 0 else v end) as n
      ) k group by v
    ), week_plans as (
      select closed_monday, lunch, brunch,
        coalesce(jsonb_agg(jsonb_build_object('weekday', d, 'name', name, 'firstSeating', first_seating, 'lastSeating', last_seating)
          order by d, first_seating) filter (where open), '[]'::jsonb) as shifts
      from (values (false), (true)) as c(closed_monday)
      cross join (values (false), (true)) as l(lunch)
      cross join (values (false), (true)) as b(brunch)
      cross join generate_series(0, 6) as d
      cross join lateral (values
        ('Dinner', 17 * 60, case when d in (5, 6) then 22 * 60 else 21 * 60 + 30 end, not (closed_monday and d = 1)),
        ('Lunch', 11 * 60 + 30, 14 * 60, lunch and d between 1 and 5),
        ('Brunch', 10 * 60, 13 * 60 + 30, brunch and d in (0, 6))
      ) as s(name, first_seating, last_seating, open)
      group by closed_monday, lunch, brunch
    )
    insert into reservation_settings (merchant_id, provider, provider_ref, min_party, max_party, booking_window_days, cutoff_minutes,
      pacing_parties, pacing_covers, hold_minutes, turn_times, tables, shifts)
    select m.id, 'native', m.reservation_providers->'openTable'->>'rid',
      case when m.id % 10 = 0 then 2 else 1 end, 6, (array[30, 60, 90])[m.id % 3 + 1], 60,
      3 + m.id % 3, 12 + (m.id % 3) * 4, 5,
      '[{"maxParty":2,"minutes":90},{"maxParty":4,"minutes":105},{"maxParty":99,"minutes":120}]'::jsonb,
      f.tables, w.shifts
    from merchants m
    join floor_plans f on f.v = m.id % 3
    join week_plans w on w.closed_monday = (m.id % 7 = 0) and w.lunch = ('lunch' = any(m.meals_served)) and w.brunch = ('brunch' = any(m.meals_served))
    where m.reservation_providers ? 'openTable' and not exists (select 1 from reservation_settings x where x.merchant_id = m.id)
    on conflict (merchant_id) do nothing`);
}

import { useState, type FormEvent } from 'react';
import { useSearchParams } from '#client/lib/router';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { REWARD_SOURCE_CODES } from '#shared/constants/rewards';
import { addDays, type OpsReport, type OpsReportDay } from '#shared/schemas/ops-reports';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { messageOf, usePartners } from '../api';
import { ScrollBox } from '../parts';

const DEFAULT_DAYS = 30;
const utcToday = () => new Date().toISOString().slice(0, 10);
const num = (n: number) => n.toLocaleString('en-US');
/** An amount in the partner's unit as people read it (cents as dollars). */
const amount = (n: number, unit: OpsReport['unit']) => (unit === 'cents' ? (n / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : `${num(n)} ${unit}`);

/** One partner's figures per UTC day (the last 30 days unless chosen), a chart of dines, the table of every figure, and its CSV. */
export function ReportsScreen() {
  const [params, setParams] = useSearchParams();
  const partners = usePartners();
  const list = partners.data?.partners ?? [];
  const partner = params.get('partner') ?? list[0]?.code ?? '';
  const to = params.get('to') ?? utcToday();
  const from = params.get('from') ?? addDays(to, -(DEFAULT_DAYS - 1));
  const [range, setRange] = useState({ from, to });
  const report = useQuery({
    queryKey: ['ops', 'report', partner, from, to],
    enabled: Boolean(partner),
    queryFn: () => call(API_PATHS.opsReport, { params: { partner }, query: { from, to } }),
    retry: false,
  });
  const show = (e: FormEvent) => {
    e.preventDefault();
    setParams({ partner, from: range.from, to: range.to });
  };
  const csvUrl = `${API_PATHS.opsReportCsv.path.replace(':partner', encodeURIComponent(partner))}?${new URLSearchParams({ from, to }).toString()}`;
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      <p className="console-note">Days are UTC days. Amounts are in the partner&apos;s unit. What each figure means: docs/features/console.md, Reports.</p>
      <form className="console-search" onSubmit={show}>
        <SelectField label="Partner" value={partner} onChange={(e) => setParams({ partner: e.target.value, from, to })}
          options={list.map((p) => ({ value: p.code, label: p.name }))} placeholder={list.length ? 'Choose a partner' : 'No partner'} />
        <TextField label="First day (UTC)" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        <TextField label="Last day (UTC)" type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        <Button type="submit">Show</Button>
      </form>
      {partners.isError && <FormBanner>{messageOf(partners.error)}</FormBanner>}
      {report.isFetching && <Spinner label="Loading the report" />}
      {report.isError && <FormBanner>{messageOf(report.error)}</FormBanner>}
      {report.data && (
        <>
          <p>
            {`Outstanding liability: ${amount(report.data.openingLiability, report.data.unit)} on ${report.data.from}, ${amount(report.data.liability, report.data.unit)} at the end of ${report.data.to}. `}
            <a href={csvUrl} download>Download CSV</a>
          </p>
          <DinesChart report={report.data} />
          <ReportTable report={report.data} />
        </>
      )}
    </section>
  );
}

/** Dines (and qualified dines) per day as bars; the table below carries every figure, so the chart is described, not read out. */
function DinesChart({ report }: { report: OpsReport }) {
  const height = 120;
  const bar = 12;
  const gap = 4;
  const max = Math.max(1, ...report.days.map((d) => d.dines));
  const scale = (n: number) => Math.round((n / max) * height);
  const width = report.days.length * (bar + gap);
  return (
    <figure className="console-section">
      <svg role="img" aria-labelledby="report-chart-title report-chart-desc" viewBox={`0 0 ${width} ${height + 2}`} width="100%" height={height + 2} preserveAspectRatio="none" className="console-chart">
        <title id="report-chart-title">Dines per day</title>
        <desc id="report-chart-desc">{`Bars of dines per day from ${report.from} to ${report.to}, at most ${max} a day, the qualified ones darker; the table below gives every figure.`}</desc>
        {report.days.map((d, i) => (
          <g key={d.date}>
            <rect x={i * (bar + gap)} y={height - scale(d.dines)} width={bar} height={scale(d.dines)} className="console-chart-all" />
            <rect x={i * (bar + gap)} y={height - scale(d.qualifiedDines)} width={bar} height={scale(d.qualifiedDines)} className="console-chart-qualified" />
          </g>
        ))}
      </svg>
      <figcaption className="console-note">{`Dines per day (qualified darker), ${report.from} to ${report.to}; at most ${num(max)} a day.`}</figcaption>
    </figure>
  );
}

const COLUMNS: Array<[string, (d: Omit<OpsReportDay, 'date' | 'liability'>, unit: OpsReport['unit']) => string]> = [
  ['Joins', (d) => num(d.joins)],
  ['Cards linked', (d) => num(d.cardsLinked)],
  ['Dines', (d) => num(d.dines)],
  ['Qualified', (d) => num(d.qualifiedDines)],
  ...REWARD_SOURCE_CODES.map((c): [string, (d: Omit<OpsReportDay, 'date' | 'liability'>, unit: OpsReport['unit']) => string] => [`Rewards ${c}`, (d, unit) => amount(d.rewards[c], unit)]),
  ['Rewards', (d, unit) => amount(d.rewardsTotal, unit)],
  ['Paid out', (d, unit) => amount(d.creditsPaid, unit)],
  ['Payouts', (d) => num(d.payouts)],
  ['Claims opened', (d) => num(d.claimsOpened)],
  ['Claims resolved', (d) => num(d.claimsResolved)],
  ['Median hours to resolve', (d) => (d.medianResolutionHours === null ? '–' : String(d.medianResolutionHours))],
  ['Reservations', (d) => num(d.reservations)],
  ['Cancelled', (d) => num(d.reservationsCancelled)],
];

function ReportTable({ report }: { report: OpsReport }) {
  const { unit } = report;
  return (
    <ScrollBox label="Figures per day, as a table" className="console-section">
      <table className="console-table">
        <caption>{`${report.partner.name}, ${report.from} to ${report.to} (UTC days): every figure per day, the totals last. Liability is at the end of each day.`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {COLUMNS.map(([label]) => <th key={label} scope="col">{label}</th>)}
            <th scope="col">Liability</th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              {COLUMNS.map(([label, cell]) => <td key={label}>{cell(d, unit)}</td>)}
              <td>{amount(d.liability, unit)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {COLUMNS.map(([label, cell]) => <td key={label}>{cell(report.totals, unit)}</td>)}
            <td>{amount(report.liability, unit)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}

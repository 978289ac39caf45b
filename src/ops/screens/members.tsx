import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { messageOf, usePartners } from '../api';
import { ScrollBox } from '../parts';

const MATCHED: Record<string, string> = { email: 'e-mail', partnerNumber: 'partner number', publicId: 'public id', name: 'name', phone: 'phone', card: 'card last four' };

/** Find a member of one partner by e-mail, partner number, public id, name, phone or a card's last four. */
export function MembersScreen() {
  const [params, setParams] = useSearchParams();
  const partners = usePartners();
  const partner = params.get('partner') ?? partners.data?.partners[0]?.code ?? '';
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['ops', 'members', partner, q],
    queryFn: () => call(API_PATHS.opsMemberSearch, { query: { partner, q } }),
    enabled: Boolean(partner) && q.trim().length >= 2,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams({ partner: chosen ?? partner, q: text.trim() });
  };
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Find a member</h1>
      <form className="console-search" role="search" onSubmit={submit}>
        <SelectField label="Partner" placeholder="Choose a partner" value={chosen ?? partner} onChange={(e) => setChosen(e.target.value)}
          options={(partners.data?.partners ?? []).map((p) => ({ value: p.code, label: p.name }))} />
        <TextField label="E-mail, partner number, public id, name, phone or card last four" hint="An e-mail or a name may be given by its start (first and last name, or the last name); a phone by its ten digits." value={text} onChange={(e) => setText(e.target.value)} minLength={2} />
        <Button type="submit">Search</Button>
      </form>
      <div aria-live="polite">
        {results.isFetching && <Spinner label="Searching" />}
        {results.isError && <FormBanner>{messageOf(results.error)}</FormBanner>}
        {results.data && results.data.members.length === 0 && <p>{`No member of this partner matches “${q}”.`}</p>}
        {results.data && results.data.members.length > 0 && (
          <ScrollBox label="Members found, as a table">
          <table className="console-table">
            <caption>{`${results.data.members.length}${results.data.more ? '+' : ''} members matching “${q}”`}</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Partner number</th><th scope="col">Tier</th><th scope="col">Matched by</th></tr></thead>
            <tbody>
              {results.data.members.map((m) => (
                <tr key={m.id}>
                  <td><Link to={`/members/${m.id}`}>{m.name || m.email}</Link>{m.active ? '' : ' (closed)'}</td>
                  <td>{m.email}</td>
                  <td>{m.partnerNumber ?? '–'}</td>
                  <td>{m.tierLevel}</td>
                  <td>{MATCHED[m.matched] ?? m.matched}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </ScrollBox>
        )}
        {results.data?.more && <p>More members match: type more of what you know.</p>}
      </div>
    </section>
  );
}

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import { ROLE_LABELS, STAFF_ROLES } from '#shared/rules/ops-permissions';
import { ZOpsStaffCreateRequest } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { applyServerFieldErrors } from '#client/lib/forms';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { SelectField } from '#client/components/select-field';
import { CheckboxField } from '#client/components/checkbox-field';
import { FormBanner } from '#client/components/form-banner';
import { messageOf, usePartners } from '../api';

type Values = z.input<typeof ZOpsStaffCreateRequest>;

/** A new console account (no access until given a role and partners) and its one-time setup link, shown once. */
export function NewStaffForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm<Values>({ resolver: zodResolver(ZOpsStaffCreateRequest), defaultValues: { email: '', name: '', role: 'none', allPartners: false, partnerIds: [] } });
  const formRef = useRef<HTMLFormElement>(null);
  const partners = usePartners();
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const all = form.watch('allPartners');
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const made = await call(API_PATHS.opsStaffCreate, { body: { ...values, partnerIds: (values.partnerIds ?? []).map(Number) } });
      setLink(made.setupLink);
      form.reset();
      onCreated();
    } catch (err) {
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError: form.setError });
      if (!placed) setProblem(messageOf(err));
    }
  });
  return (
    <details className="console-section">
      <summary>Add a console account</summary>
      {link && (
        <FormBanner kind="success">
          <p>Give this link to the person (it works once, for 72 hours); there they set a password and the second factor:</p>
          <p><code className="console-secret">{link}</code></p>
        </FormBanner>
      )}
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        {problem && <FormBanner>{problem}</FormBanner>}
        <TextField label="E-mail" type="email" required error={form.formState.errors.email?.message} {...form.register('email')} />
        <TextField label="Name" required error={form.formState.errors.name?.message} {...form.register('name')} />
        <SelectField label="Role" options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} placeholder="Choose a role" required {...form.register('role')} />
        <CheckboxField label="Works for every partner" {...form.register('allPartners')} />
        {!all && (
          <fieldset className="console-fieldset">
            <legend>Partners</legend>
            {(partners.data?.partners ?? []).map((p) => <CheckboxField key={p.id} label={p.name} value={String(p.id)} {...form.register('partnerIds')} />)}
          </fieldset>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>Create the account</Button>
      </form>
    </details>
  );
}

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '#client/lib/router';
import { useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import { ZOpsSetupRequest } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { applyServerFieldErrors } from '#client/lib/forms';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { PasswordField } from '#client/components/password-field';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { messageOf } from '../api';

const ZForm = ZOpsSetupRequest.omit({ token: true });
type Values = z.input<typeof ZForm>;

/** The one-time setup link: add the second factor to an authenticator app, choose a password, confirm with the first code. */
export function SetupScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({ queryKey: ['ops', 'setup', token], queryFn: () => call(API_PATHS.opsSetupInfo, { query: { token } }), enabled: token.length >= 20 });
  const form = useForm<Values>({ resolver: zodResolver(ZForm), defaultValues: { password: '', code: '' } });
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await call(API_PATHS.opsSetup, { body: { ...values, token } });
      setDone(true);
    } catch (err) {
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError: form.setError });
      if (!placed) setProblem(messageOf(err));
    }
  });

  if (done) {
    return (
      <main id="main" className="console-narrow">
        <h1>Your console account is ready</h1>
        <p>Sign in with your e-mail, the password you chose and the code your authenticator app shows.</p>
        <p><Link to="/sign-in">Sign in</Link></p>
      </main>
    );
  }
  return (
    <main id="main" className="console-narrow">
      <h1>Set up your console account</h1>
      {token.length < 20 && <FormBanner>This setup link is incomplete. Open the whole link you were given.</FormBanner>}
      {info.isPending && token.length >= 20 && <Spinner label="Checking the link" />}
      {info.isError && <FormBanner>{messageOf(info.error)}</FormBanner>}
      {info.data && (
        <>
          <p>{`For ${info.data.name} (${info.data.email}).`}</p>
          <h2>1. Add the second factor</h2>
          <p>Scan this code with an authenticator app (any app for time-based codes), or type the key.</p>
          <img className="console-qr" alt="QR code of the second factor for an authenticator app" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.data.qrSvg)}`} width={180} height={180} />
          <p>Key: <code className="console-secret">{info.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
          <h2>2. Choose a password and confirm</h2>
          <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
            {problem && <FormBanner>{problem}</FormBanner>}
            <PasswordField label="Password" hint="At least 12 characters." autoComplete="new-password" required error={form.formState.errors.password?.message} {...form.register('password')} />
            <TextField label="Code from your authenticator app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={form.formState.errors.code?.message} {...form.register('code')} />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>Finish setting up</Button>
          </form>
        </>
      )}
    </main>
  );
}

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import { ZOpsSignInRequest } from '#shared/schemas/ops';
import { isInternalPath } from '#shared/rules/safe-url';
import { call } from '#client/lib/api';
import { setCsrfToken } from '#client/lib/csrf';
import { applyServerFieldErrors } from '#client/lib/forms';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import { PasswordField } from '#client/components/password-field';
import { FormBanner } from '#client/components/form-banner';
import { ME_KEY, messageOf } from '../api';

type Values = z.input<typeof ZOpsSignInRequest>;

/** E-mail, password and the authenticator's code together: nothing says which part was wrong. */
export function SignInScreen() {
  const form = useForm<Values>({ resolver: zodResolver(ZOpsSignInRequest), defaultValues: { email: '', password: '', code: '' } });
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = params.get('next');

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { staff, csrfToken } = await call(API_PATHS.opsSignIn, { body: values });
      setCsrfToken(csrfToken);
      queryClient.setQueryData(ME_KEY, staff);
      void navigate(next && isInternalPath(next) && !next.startsWith('/sign-in') ? next : '/', { replace: true });
    } catch (err) {
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError: form.setError });
      if (!placed) setProblem(messageOf(err));
      form.setValue('code', '');
    }
  });
  const errors = form.formState.errors;
  return (
    <main id="main" className="console-narrow">
      <h1>Sign in to the operator console</h1>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        {problem && <FormBanner>{problem}</FormBanner>}
        <TextField label="E-mail" type="email" autoComplete="username" required error={errors.email?.message} {...form.register('email')} />
        <PasswordField label="Password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
        <TextField label="Code from your authenticator app" hint="6 digits; it changes every 30 seconds." inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={errors.code?.message} {...form.register('code')} />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>Sign in</Button>
      </form>
      <p className="console-note">No account or lost your phone? An administrator sends you a setup link.</p>
    </main>
  );
}

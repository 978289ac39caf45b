import { useId, useRef, useState } from 'react';
import { Modal } from '../../components/modal';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { usePartner } from '../../lib/partner';

export const SMS_CONSENT_TITLE = 'Text message consent';
export const SMS_CONSENT_CHECKBOX = 'I agree to receive text messages.';
export const SMS_CONSENT_REQUIRED = 'Check the box to agree, or choose Cancel.';

type SmsConsentModalProps = {
  open: boolean;
  /** The number the messages go to, as shown in the form. */
  phone: string;
  /** The box was ticked and confirmed: opt-in on. */
  onConfirm: () => void;
  /** Cancel, Escape, the close button: opt-in off (§4). */
  onCancel: () => void;
};

/**
 * §4 SMS opt-in v2: ticking the opt-in opens this consent; confirming needs its own box ticked,
 * anything else cancels and turns the opt-in off. Used by joining and the profile.
 */
export function SmsConsentModal({ open, phone, onConfirm, onCancel }: SmsConsentModalProps) {
  return open ? <SmsConsentDialog phone={phone} onConfirm={onConfirm} onCancel={onCancel} /> : null;
}

function SmsConsentDialog({ phone, onConfirm, onCancel }: Omit<SmsConsentModalProps, 'open'>) {
  const partner = usePartner();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const bodyId = useId();
  const program = partner.copyStates.programName1 || partner.name;
  const confirm = () => {
    if (!agreed) {
      setError(SMS_CONSENT_REQUIRED);
      checkboxRef.current?.focus();
      return;
    }
    onConfirm();
  };
  return (
    <Modal
      open
      onClose={onCancel}
      title={SMS_CONSENT_TITLE}
      describedBy={bodyId}
      dismissOnBackdrop={false}
      footer={
        <>
          <Button onClick={confirm}>Confirm</Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <div className="stack">
        <p id={bodyId}>
          By agreeing, you consent to receive recurring automated text messages from {program} about your account and offers
          {phone ? <> at {phone}</> : null}. Consent is not a condition of membership. Message frequency varies. Message and data rates
          may apply. Text HELP to {partner.shortCode} for help, or STOP to {partner.shortCode} to stop at any time.
        </p>
        <CheckboxField
          ref={checkboxRef}
          label={SMS_CONSENT_CHECKBOX}
          checked={agreed}
          error={error}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setError(null);
          }}
        />
      </div>
    </Modal>
  );
}

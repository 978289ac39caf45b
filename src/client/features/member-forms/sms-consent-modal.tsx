import { useId, useState } from 'react';
import { Modal } from '../../components/modal';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { usePartner } from '../../lib/partner';
import { smsOptInAfterConsent } from '../../../shared/rules/sms-opt-in';

export const SMS_CONSENT_TITLE = 'Text message consent';
export const SMS_CONSENT_CHECKBOX = 'I agree to receive text messages.';

type SmsConsentModalProps = {
  open: boolean;
  /** The number the messages go to, as shown in the form. */
  phone: string;
  /** The box was ticked and confirmed: opt-in on. */
  onConfirm: () => void;
  /** Confirm without the box ticked, Cancel, Escape, the close button: opt-in off (§4). */
  onCancel: () => void;
};

/**
 * §4 SMS opt-in (v1 and v2 partners): ticking the opt-in opens this consent; confirming with its
 * own box ticked turns the opt-in on, anything else (confirming without it included) cancels and
 * turns it off. Used by joining and the profile.
 */
export function SmsConsentModal({ open, phone, onConfirm, onCancel }: SmsConsentModalProps) {
  return open ? <SmsConsentDialog phone={phone} onConfirm={onConfirm} onCancel={onCancel} /> : null;
}

function SmsConsentDialog({ phone, onConfirm, onCancel }: Omit<SmsConsentModalProps, 'open'>) {
  const partner = usePartner();
  const [agreed, setAgreed] = useState(false);
  const bodyId = useId();
  const program = partner.copyStates.programName1 || partner.name;
  const confirm = () => (smsOptInAfterConsent({ confirmed: true, agreed }) ? onConfirm() : onCancel());
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
        <CheckboxField label={SMS_CONSENT_CHECKBOX} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      </div>
    </Modal>
  );
}

import { useId, useRef, useState } from 'react';
import { Modal } from './modal';
import { Button } from './button';
import { CheckboxField } from './checkbox-field';
import { usePartner } from '../lib/partner';
import { programName } from '#shared/rules/partner-features';
import { smsOptInAfterConsent, smsOptInAfterPhoneChange } from '#shared/rules/sms-opt-in';
import { SMS_CONSENT_CHECKBOX, smsConsentText } from '#shared/rules/sms-consent';

export const SMS_CONSENT_TITLE = 'Text message consent';
export { SMS_CONSENT_CHECKBOX };

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
  const program = programName(partner);
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
        {/* The wording the server records with the consent (rules/sms-consent.ts): one source for both. */}
        <p id={bodyId}>{smsConsentText({ program, phone, shortCode: partner.shortCode })}</p>
        <CheckboxField label={SMS_CONSENT_CHECKBOX} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      </div>
    </Modal>
  );
}

type SmsOptInOptions = {
  /** The partner offers the opt-in at all (shared/rules/partner-features smsOptInOffered). */
  offered: boolean;
  /** The explicit second version (v2). */
  v2: boolean;
  /** The number committed before any editing (the saved one; empty when joining). */
  initialPhone: string;
  /** The form's opt-in value, read and written. */
  get: () => boolean;
  set: (on: boolean) => void;
};

/**
 * §5 SMS opt-in beside the phone field (joining and the profile): it follows the number as it
 * changes, compared with the number last committed (each blur), and ticking it asks for consent
 * first. Render <SmsConsentModal {...consent} phone={…} /> with the answer.
 */
export function useSmsOptIn({ offered, v2, initialPhone, get, set }: SmsOptInOptions) {
  const committedPhone = useRef(initialPhone);
  const [open, setOpen] = useState(false);
  // The consent modal was confirmed (with its box) since the opt-in was last off: the form sends the consent.
  const consented = useRef(false);
  const followPhone = (phone: string) => {
    if (!offered) return;
    const current = get();
    const next = smsOptInAfterPhoneChange({ previousPhone: committedPhone.current, phone, optIn: current, v2 });
    if (next !== current) {
      if (!next) consented.current = false;
      set(next);
    }
  };
  return {
    /** While the number is typed. */
    followPhone,
    /** When the number is committed (blur). */
    commitPhone: (phone: string) => {
      followPhone(phone);
      committedPhone.current = phone;
    },
    /** After a save: the saved number is the committed one. */
    setCommittedPhone: (phone: string) => {
      committedPhone.current = phone;
    },
    /** Ticking the box: the consent opens (§4); unticking needs none. */
    askConsent: () => setOpen(true),
    /** Unticking the box. */
    optOut: () => {
      consented.current = false;
      set(false);
    },
    /** Whether the consent was confirmed in this form (sent with the opt-in). */
    consented: () => consented.current,
    consent: {
      open,
      onConfirm: () => {
        setOpen(false);
        consented.current = true;
        set(true);
      },
      onCancel: () => {
        setOpen(false);
        consented.current = false;
        set(false);
      },
    },
  };
}

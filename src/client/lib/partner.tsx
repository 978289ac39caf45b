import { createContext, useContext, type ReactNode } from 'react';
import type { PartnerConfig } from '#shared/schemas/partner';

const PartnerContext = createContext<PartnerConfig | null>(null);

/** The partner configuration the server injected into index.html (§3 partner config). */
export function readInjectedPartner(doc: Document = document): PartnerConfig {
  const el = doc.getElementById('partner-config');
  if (!el?.textContent) throw new Error('Partner configuration is missing from the page.');
  // The server builds this JSON from ZPartnerConfig's type; no zod here keeps the first load small.
  const config = JSON.parse(el.textContent) as PartnerConfig;
  if (typeof config.code !== 'string' || !config.theme || !config.copyStates) throw new Error('Partner configuration is incomplete.');
  return config;
}

export function PartnerProvider({ partner, children }: { partner: PartnerConfig; children: ReactNode }) {
  return <PartnerContext.Provider value={partner}>{children}</PartnerContext.Provider>;
}

export function usePartner(): PartnerConfig {
  const p = useContext(PartnerContext);
  if (!p) throw new Error('usePartner outside PartnerProvider');
  return p;
}

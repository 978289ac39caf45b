import { describe, expect, it } from 'vitest';
import { maintenanceShowsHomeLink, maintenanceTopic, openDuringMaintenance, MAINTENANCE_MESSAGES } from './promotions-maintenance';

describe('maintenance notice (§2)', () => {
  it('sign-in message on /login, enrolment message on /join, the generic one elsewhere', () => {
    expect(maintenanceTopic('/login')).toBe('login');
    expect(maintenanceTopic('/Login')).toBe('login');
    expect(maintenanceTopic('/login/')).toBe('login');
    expect(maintenanceTopic('/join')).toBe('join');
    for (const p of ['/', '/search', '/joined', '/earn/this-is-big', '/account/overview', '/loginx']) expect(maintenanceTopic(p), p).toBe('generic');
  });

  it('three distinct messages', () => {
    expect(new Set(Object.values(MAINTENANCE_MESSAGES)).size).toBe(3);
  });

  it('the link to / everywhere but on / itself', () => {
    expect(maintenanceShowsHomeLink('/')).toBe(false);
    expect(maintenanceShowsHomeLink('//')).toBe(false);
    expect(maintenanceShowsHomeLink('/login')).toBe(true);
  });

  it('signing out and the staging tools stay open', () => {
    expect(openDuringMaintenance('/SignOut')).toBe(true);
    expect(openDuringMaintenance('/stgtools')).toBe(true);
    expect(openDuringMaintenance('/stgtoolsx')).toBe(false);
    expect(openDuringMaintenance('/')).toBe(false);
    expect(openDuringMaintenance('/login')).toBe(false);
  });
});

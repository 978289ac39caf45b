import { describe, expect, it } from 'vitest';
import { maintenanceShowsHomeLink, maintenanceTopic, openDuringMaintenance, MAINTENANCE_BODY, MAINTENANCE_MESSAGES, MAINTENANCE_TITLE } from './promotions-maintenance';

describe('maintenance notice (§2)', () => {
  it('sign-in message on /login, enrolment message on /join, the generic one elsewhere', () => {
    expect(maintenanceTopic('/login')).toBe('login');
    expect(maintenanceTopic('/Login')).toBe('login');
    expect(maintenanceTopic('/login/')).toBe('login');
    expect(maintenanceTopic('/join')).toBe('join');
    expect(maintenanceTopic('/JOIN/')).toBe('join');
    for (const p of ['/', '', '/search', '/joined', '/earn/this-is-big', '/account/overview', '/loginx', '/login//', '/join//', 'login', 'join']) expect(maintenanceTopic(p), p).toBe('generic');
  });

  it('only the path /login or /join itself, not one that ends with it', () => {
    for (const p of ['/account/login', '/x/login/', '/earn/join', '/x/join/', '/relogin', '/rejoin']) expect(maintenanceTopic(p), p).toBe('generic');
  });

  it('the words a member reads', () => {
    expect(MAINTENANCE_TITLE).toBe("We're Working On It");
    expect(MAINTENANCE_BODY).toBe('Our team is working to resolve the issue. Please check back later.');
    expect(MAINTENANCE_MESSAGES).toEqual({
      login: "We're having trouble signing members in right now.",
      join: "We're having trouble with new enrollments right now.",
      generic: "We're having trouble loading this page right now.",
    });
  });

  it('three distinct messages', () => {
    expect(new Set(Object.values(MAINTENANCE_MESSAGES)).size).toBe(3);
  });

  it('the link to / everywhere but on / itself', () => {
    expect(maintenanceShowsHomeLink('/')).toBe(false);
    expect(maintenanceShowsHomeLink('//')).toBe(false);
    expect(maintenanceShowsHomeLink('///')).toBe(false);
    expect(maintenanceShowsHomeLink('')).toBe(false);
    expect(maintenanceShowsHomeLink('/login')).toBe(true);
    expect(maintenanceShowsHomeLink('/login/')).toBe(true);
    expect(maintenanceShowsHomeLink('//login')).toBe(true);
  });

  it('signing out and the staging tools stay open', () => {
    expect(openDuringMaintenance('/SignOut')).toBe(true);
    expect(openDuringMaintenance('/signout')).toBe(true);
    expect(openDuringMaintenance('/SignOut/')).toBe(true);
    expect(openDuringMaintenance('/stgtools')).toBe(true);
    expect(openDuringMaintenance('/STGTOOLS/partner/3')).toBe(true);
    expect(openDuringMaintenance('/stgtoolsx')).toBe(false);
    expect(openDuringMaintenance('/')).toBe(false);
    expect(openDuringMaintenance('/login')).toBe(false);
    expect(openDuringMaintenance('/SignOutNow')).toBe(false);
    expect(openDuringMaintenance('SignOut')).toBe(false);
    expect(openDuringMaintenance('/account/SignOut')).toBe(false);
    expect(openDuringMaintenance('/x/stgtools/')).toBe(false);
  });
});

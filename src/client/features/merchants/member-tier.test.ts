import { describe, expect, it } from 'vitest';
import { memberCampaignCodes } from './member-tier';

describe('memberCampaignCodes', () => {
  it('acclaimed campaigns open by tier (ACCL2 from Select, ACCL3 from VIP), others to every tier', () => {
    const codes = ['ACCL2', 'accl3', 'SUMMER'];
    expect(memberCampaignCodes(null, codes)).toEqual([]);
    expect(memberCampaignCodes(0, codes)).toEqual(['SUMMER']);
    expect(memberCampaignCodes(1, codes)).toEqual(['SUMMER']);
    expect(memberCampaignCodes(2, codes)).toEqual(['ACCL2', 'SUMMER']);
    expect(memberCampaignCodes(3, codes)).toEqual(codes);
  });
});

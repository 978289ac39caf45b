import type { MerchantSummary } from '#shared/schemas/merchant';

/** A restaurant of a search answer (Blue Plate Diner, Chicago). */
export function merchantFixture(overrides: Partial<MerchantSummary> = {}): MerchantSummary {
  return {
    id: 42,
    name: 'Blue Plate Diner',
    images: { imageBaseUrl: 'https://img.example.com/', imagePath: 'merchants/42.jpg' },
    details: {
      rating: { overallRating: 4.5, numberOfRatings: 120 },
      priceRange: 2,
      cuisines: ['American', 'Diner'],
      highlight: 'new',
    },
    location: {
      address: { address1: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' },
      neighborhood: 'The Loop',
      latitude: 41.88,
      longitude: -87.63,
    },
    distance: 1.24,
    acclaimedLevel: 2,
    benefitAvailability: { campaignCodes: ['ACCL2'], available: true },
    reservationProviders: {},
    origin: 'seed',
    isNew: true,
    bonusText: null,
    offerTag: null,
    earnMultiplier: 1,
    benefits: {
      timeZone: 'America/Chicago', participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null,
    },
    ...overrides,
  };
}

import type { PublishedContentSite, SiteCustomizationSettings } from '@gitbook/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { CustomizationInput, SiteProfile } from './site-profile.ts';

describe('SiteProfile', () => {
  it('accepts the published profile as the API answers it', () => {
    expectTypeOf<PublishedContentSite>().toExtend<SiteProfile>();
    expectTypeOf<SiteCustomizationSettings>().toExtend<CustomizationInput>();
  });
});

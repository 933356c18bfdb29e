// Coupon catalogue items for journeys: staff add one through the API, and retire it afterwards so
// the catalogue other journeys see stays as it was.
import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateCatalogueItem, StaffCatalogueItem } from '../../../src/shared/contract/coupons';
import type { AuthedUser } from '../../../src/shared/contract/user';

export async function addCatalogueItem(request: APIRequestContext, staff: AuthedUser, item: CreateCatalogueItem) {
  const response = await request.post('/api/staff/rewards/catalogue', {
    data: item,
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
  const saved: StaffCatalogueItem | undefined = (await response.json()).data[0];
  if (!saved) throw new Error('the catalogue answered without the item');
  return saved;
}

export async function retireCatalogueItem(request: APIRequestContext, staff: AuthedUser, id: number) {
  const response = await request.post(`/api/staff/rewards/catalogue/${id}`, {
    data: { active: false },
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

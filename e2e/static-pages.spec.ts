import { expect } from '@playwright/test';
import { test } from './support/test';

test('an unknown path shows the Vietnamese not-found page on black', async ({ page }) => {
  await page.goto('/khong-co-trang-nay');
  const message = page.getByText('Trang này không tồn tại');
  await expect(message).toBeVisible();
  const colors = await message.evaluate((element) => {
    let node: Element | null = element;
    let background = 'rgba(0, 0, 0, 0)';
    while (node && background === 'rgba(0, 0, 0, 0)') {
      background = getComputedStyle(node).backgroundColor;
      node = node.parentElement;
    }
    return { color: getComputedStyle(element).color, background };
  });
  expect(colors).toEqual({ color: 'rgb(255, 255, 255)', background: 'rgb(0, 0, 0)' });
});

test('the terms page says who may use the service and when it was last updated', async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page.getByRole('heading', { name: 'Điều khoản sử dụng' })).toBeVisible();
  await expect(page.getByText(/13 tuổi/)).toBeVisible();
  await expect(page.getByText(/tháng 9 năm 2022/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^XemChung/ })).toBeVisible();
});

test("the legal pages and the side menu name this instance's contact address and support page", async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page.getByRole('link', { name: 'legal@e2e.example' })).toHaveAttribute(
    'href',
    'mailto:legal@e2e.example',
  );
  await page.goto('/privacy-policy');
  await expect(page.getByRole('link', { name: 'trang hỗ trợ' })).toHaveAttribute(
    'href',
    'https://support.e2e.example/help',
  );
  await expect(page.getByRole('link', { name: 'legal@e2e.example' })).toBeVisible();
  await page.getByRole('button', { name: 'Mở menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Hỗ trợ' })).toHaveAttribute(
    'href',
    'https://support.e2e.example/help',
  );
});

test('robots.txt lets crawlers read the pages and keeps them off the API and sign-in', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
  expect(rules).toEqual(['User-agent: *', 'Disallow: /api/', 'Disallow: /auth/', 'Disallow: /oidc/']);
});

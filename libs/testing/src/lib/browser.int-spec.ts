import { launchChromium } from './browser';

describe('launchChromium', () => {
  it('renders a page and runs its script in headless Chromium', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="p">before</p><script>document.getElementById("p").textContent = "after"</script>');
      expect(await page.textContent('#p')).toBe('after');
    } finally {
      await browser.close();
    }
  }, 60_000);
});

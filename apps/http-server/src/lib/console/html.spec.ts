import { escapeHtml, html } from './html';

describe('html', () => {
  it('escapes every interpolated string, attribute quotes included', () => {
    const title = `<script>alert("x")</script>' onmouseover='x`;
    expect(html`<p title="${title}">${title}</p>`.text).toBe(`<p title="${escapeHtml(title)}">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;x</p>`);
  });

  it('inserts nested templates as markup, arrays joined, and nothing for null, undefined and false', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}</ul>`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  it('renders numbers and true as text', () => {
    expect(html`${3}/${true}`.text).toBe('3/true');
  });
});

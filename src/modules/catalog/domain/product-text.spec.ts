import { firstFreeSlug, slugify, stripHtml } from './product-text.js';

describe('stripHtml', () => {
  it('removes tags, keeping words apart across block tags and together across inline ones', () => {
    expect(stripHtml('<p>Soft <b>cot</b>ton</p><p>Blue</p>')).toBe('Soft cotton Blue');
    expect(stripHtml('one<br>two<br/>three')).toBe('one two three');
  });

  it('decodes entities once, after the tags are gone', () => {
    expect(stripHtml('Fish &amp; chips &lt;b&gt; &quot;hot&quot; &#39;n&#39;&nbsp;cold')).toBe('Fish & chips <b> "hot" \'n\' cold');
    expect(stripHtml('&amp;lt;')).toBe('&lt;');
    expect(stripHtml('&#x41;&#66;&copy;')).toBe('AB&copy;');
  });

  it('drops scripts, styles and comments and collapses white space', () => {
    expect(stripHtml('  <style>p{}</style>\n<script>alert(1)</script> a <!-- note -->\t b  ')).toBe('a b');
    expect(stripHtml('')).toBe('');
  });

  it('leaves a lone < that starts no tag', () => {
    expect(stripHtml('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('  Crème Brûlée — 2 Pack! ', 'product')).toBe('creme-brulee-2-pack');
  });

  it('falls back when nothing is left', () => {
    expect(slugify('!!!', 'product')).toBe('product');
    expect(slugify('商品', 'category')).toBe('category');
  });

  it('cuts long names without a trailing dash', () => {
    expect(slugify('ab '.repeat(100), 'x', 10)).toBe('ab-ab-ab-a');
    expect(slugify('abcd efgh', 'x', 5)).toBe('abcd');
  });
});

describe('firstFreeSlug', () => {
  it('suffixes -2, -3 … until free', () => {
    expect(firstFreeSlug('mug', [])).toBe('mug');
    expect(firstFreeSlug('mug', ['mug'])).toBe('mug-2');
    expect(firstFreeSlug('mug', ['mug', 'mug-2', 'mug-4'])).toBe('mug-3');
  });
});

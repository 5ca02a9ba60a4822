import { describe, expect, it } from 'vitest';
import { inlineHandlerCount } from '../security-headers.ts';
import { handlerCount } from './security-headers.ts';

describe('inline event handlers in a built page', () => {
  it('are counted as the full scan counts them, however the attribute is written', () => {
    const pages = [
      '<p>no handlers, only "onion = soup" in a word</p><a href="/on">on</a>',
      '<img src="x" onerror="f()">',
      '<body ONLOAD = "f()"><button\tonclick="g()">x</button>',
      '<div\nonmouseover=\'h()\' class="a"></div><svg><rect onclick=i()></rect></svg>',
      '<p>x</p>',
    ];
    const counts = pages.map(handlerCount);
    expect(counts).toEqual(pages.map(inlineHandlerCount));
    expect(counts).toEqual([0, 1, 2, 2, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { htmlBlockStart } from './html-block-start.ts';

describe('htmlBlockStart', () => {
  it('reads a known block tag, opening or closing, as kind 6 whatever follows it', () => {
    expect(htmlBlockStart('<table data-view="cards"><thead>')).toBe('basic');
    expect(htmlBlockStart('</figure>')).toBe('basic');
    expect(htmlBlockStart('<DETAILS open>')).toBe('basic');
    expect(htmlBlockStart('<div')).toBe('basic');
    expect(htmlBlockStart('<hr/>')).toBe('basic');
    expect(htmlBlockStart('<div/x>')).toBeUndefined();
    expect(htmlBlockStart('<div.x>')).toBeUndefined();
  });

  it('reads one complete tag alone on its line as kind 7', () => {
    expect(htmlBlockStart('<img src=".gitbook/assets/a.svg" alt="" class="gitbook-drawing">')).toBe('complete');
    expect(htmlBlockStart('<a href="x" data-icon=rocket>  ')).toBe('complete');
    expect(htmlBlockStart('</span>')).toBe('complete');
    expect(htmlBlockStart('<x-card b= "1" c/>')).toBe('complete');
    expect(htmlBlockStart('</pre>')).toBe('complete');
  });

  it('leaves what is not kind 6 or 7 alone', () => {
    // Kind 7 needs the tag alone on the line.
    expect(htmlBlockStart('<mark style="color:red;">text</mark>')).toBeUndefined();
    // micromark ends an unquoted value at `/`.
    expect(htmlBlockStart('<a href=/x>')).toBeUndefined();
    expect(htmlBlockStart('<a b=>')).toBeUndefined();
    // Kinds 1 to 5 end on their own closing text.
    expect(htmlBlockStart('<pre>')).toBeUndefined();
    expect(htmlBlockStart('<script src="a.js">')).toBeUndefined();
    expect(htmlBlockStart('<!-- note -->')).toBeUndefined();
    expect(htmlBlockStart('<?php')).toBeUndefined();
    expect(htmlBlockStart('<!DOCTYPE html>')).toBeUndefined();
    expect(htmlBlockStart('text <div>')).toBeUndefined();
  });
});

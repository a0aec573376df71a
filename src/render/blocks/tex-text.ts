// Math is shown as readable text (no math library ships with Quire): common TeX commands become their Unicode
// symbols, `^2` and `_i` become super- and subscripts when Unicode has them, fractions become `a⁄b`.

const symbols: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', iota: 'ι',
  kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', upsilon: 'υ', phi: 'φ',
  varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π',
  Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω', times: '×', cdot: '·', div: '÷', pm: '±', mp: '∓', leq: '≤', le: '≤',
  geq: '≥', ge: '≥', neq: '≠', ne: '≠', approx: '≈', equiv: '≡', sim: '∼', propto: '∝', infty: '∞', sum: '∑', prod: '∏',
  int: '∫', oint: '∮', partial: '∂', nabla: '∇', sqrt: '√', in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆', supset: '⊃',
  cup: '∪', cap: '∩', emptyset: '∅', forall: '∀', exists: '∃', neg: '¬', land: '∧', lor: '∨', to: '→', rightarrow: '→',
  leftarrow: '←', Rightarrow: '⇒', Leftarrow: '⇐', leftrightarrow: '↔', Leftrightarrow: '⇔', mapsto: '↦', ldots: '…',
  cdots: '⋯', dots: '…', degree: '°', circ: '∘', star: '⋆', ast: '∗', langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋',
  lceil: '⌈', rceil: '⌉', quad: ' ', qquad: '  ', ',': ' ', ';': ' ', '!': '', left: '', right: '', displaystyle: '',
  mathrm: '', mathbf: '', mathit: '', text: '', operatorname: '', mathbb: '', mathcal: '',
};
const superscripts: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺', '-': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ' };
const subscripts: Record<string, string> = { '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉', '+': '₊', '-': '₋', '=': '₌', '(': '₍', ')': '₎' };

/**
 * TeX source as readable text.
 *
 * @example
 * texToText('E = mc^2') // → 'E = mc²'
 * texToText('\\frac{a}{b} \\leq \\pi') // → 'a⁄b ≤ π'
 */
export function texToText(tex: string): string {
  let out = tex.replace(/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => `${wrap(a)}⁄${wrap(b)}`);
  out = out.replace(/\\sqrt\s*\{([^{}]*)\}/g, (_, a: string) => `√${wrap(a)}`);
  out = out.replace(/\\([A-Za-z]+|[,;!])/g, (whole, name: string) => symbols[name] ?? whole);
  out = out.replace(/\^\{([^{}]*)\}|\^(\S)/g, (whole, group: string | undefined, single: string | undefined) => script(group ?? single ?? '', superscripts) ?? whole);
  out = out.replace(/_\{([^{}]*)\}|_(\S)/g, (whole, group: string | undefined, single: string | undefined) => script(group ?? single ?? '', subscripts) ?? whole);
  return out.replace(/[{}]/g, '').replace(/[ \t]+/g, ' ').trim();
}

function wrap(value: string): string {
  return /^[\w.]+$/.test(value.trim()) ? value.trim() : `(${value.trim()})`;
}

function script(value: string, table: Record<string, string>): string | undefined {
  const characters = [...value];
  return characters.every((character) => table[character] !== undefined) ? characters.map((character) => table[character]).join('') : undefined;
}

// @mentions of the viewer's own name: which parts of a message to highlight. The name is the
// first word of their chat name ("Amber" for "Amber N."), or the whole nickname.
export type TextPart = { text: string; isMention: boolean };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternFor(myName: string): RegExp | null {
  const full = myName.trim();
  const first = full.split(/\s+/)[0] ?? '';
  const names = [...new Set([full, first].filter((n) => n.length > 0))].sort((a, b) => b.length - a.length).map(escape);
  return names.length ? new RegExp(`@(?:${names.join('|')})(?![\\p{L}\\p{N}_])`, 'giu') : null;
}

/** The message split into plain text and mentions of `myName`. */
export function splitMentions(text: string, myName: string): TextPart[] {
  const pattern = patternFor(myName);
  if (!pattern) return [{ text, isMention: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at), isMention: false });
    parts.push({ text: match[0], isMention: true });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isMention: false });
  return parts.length ? parts : [{ text, isMention: false }];
}

export function mentionsMe(text: string, myName: string): boolean {
  return splitMentions(text, myName).some((part) => part.isMention);
}

// Rates a password with zxcvbn and the common-password list the server refuses. Loaded on demand:
// the dictionaries are large, so they stay out of the main bundle.
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

zxcvbnOptions.setOptions({ graphs: adjacencyGraphs, dictionary });

const common = new Set(dictionary.passwords.map((p) => p.toLowerCase()));

export type Strength = { score: 0 | 1 | 2 | 3 | 4; isCommon: boolean };

export function ratePassword(password: string, userInputs: string[] = []): Strength {
  const normalized = password.normalize('NFKC');
  return { score: zxcvbn(normalized, userInputs).score, isCommon: common.has(normalized.toLowerCase()) };
}

// The rule by which two catalog names (commodities, parties) are the same: equal after Unicode NFKC,
// trimming, collapsing inner whitespace and ignoring case. "copper  cathode", "Copper Cathode" and
// full-width "Ｃopper Cathode" share the key "copper cathode".

export const nameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();

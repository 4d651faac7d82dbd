// A card in the shape /api/decks answers (deck_check.h), cut to what the deck page reads: the
// pediatrician of data/test-decks, with `over` changed. For the deck page's tests.
import type { CheckedCard } from "./decks";

export const testCard = (over: Partial<CheckedCard> = {}): CheckedCard => ({
  first_name: "Amelia",
  last_name: "Hartley",
  organisation: "Maple Children's Clinic",
  occupation: "Pediatrician",
  phone: "+1-802-555-0100",
  city: "Burlington",
  country: "USA",
  army: "Medicine",
  army_source: "inferred",
  army_reason: 'inferred from "pediatrician" (occupation)',
  army_candidates: [],
  pro_moves: ["Crash Clinic"],
  pro_move_reasons: { "Crash Clinic": 'the card says "pediatrician"' },
  source: "apple:1",
  ...over,
});

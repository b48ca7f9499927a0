/* feltkit-peers' shim over poker-eval (pokersource; github.com/atinm/poker-eval, GPL-3.0):
 * exact equity with the library's enumExhaustive, the call behind its pokenum example. Our
 * code; the library is compiled from the directory in FELTKIT_PEER_POKER_EVAL into a binary
 * that is only run on the user's machine, never distributed.
 *
 * Cards cross this boundary as feltkit's indices (rank * 4 + suit, suits c d h s, 2c = 0). */

#include <stddef.h>
#include <stdint.h>

#include "poker_defs.h"
#include "enumdefs.h"

static int pe_card(uint8_t c) {
  static const int suit[4] = {StdDeck_Suit_CLUBS, StdDeck_Suit_DIAMONDS, StdDeck_Suit_HEARTS,
                              StdDeck_Suit_SPADES};
  /* StdDeck_MAKE_CARD does not parenthesize its arguments: pass plain variables. */
  int rank = c >> 2, s = suit[c & 3];
  return StdDeck_MAKE_CARD(rank, s);
}

/* Counts per player in `out`, `players` rows of 5: won high alone, tied high, won low alone,
 * tied low, scooped. */
enum { PE_WIN_HI, PE_TIE_HI, PE_WIN_LO, PE_TIE_LO, PE_SCOOP, PE_FIELDS };

/* Exact equity of one game (poker-eval's enum_game_t: 0 hold'em, 2 Omaha, 3 Omaha
 * eight-or-better, 4 seven-card stud, 5 stud eight-or-better, 7 razz): player i holds the
 * `sizes[i]` next cards of `pockets` (a stud player's cards up and down alike), then the board
 * and the dead cards. Writes the counts (see PE_FIELDS), each player's pot share over all
 * deals in `ev`, and the deals enumerated in `deals`. Returns 0, or poker-eval's error. */
int feltkit_peer_pokenum_exhaustive(int game, const uint8_t *pockets, const uint8_t *sizes,
                                    unsigned players, const uint8_t *board, unsigned nboard,
                                    const uint8_t *dead, unsigned ndead, uint64_t *out,
                                    double *ev, uint64_t *deals) {
  StdDeck_CardMask hands[ENUM_MAXPLAYERS], b, used;
  enum_result_t result;
  unsigned i, k, at = 0;
  int err;
  if (players > ENUM_MAXPLAYERS) return -1;
  StdDeck_CardMask_RESET(b);
  StdDeck_CardMask_RESET(used);
  for (i = 0; i < players; ++i) {
    StdDeck_CardMask_RESET(hands[i]);
    for (k = 0; k < sizes[i]; ++k, ++at) {
      StdDeck_CardMask_SET(hands[i], pe_card(pockets[at]));
      StdDeck_CardMask_SET(used, pe_card(pockets[at]));
    }
  }
  for (k = 0; k < nboard; ++k) {
    StdDeck_CardMask_SET(b, pe_card(board[k]));
    StdDeck_CardMask_SET(used, pe_card(board[k]));
  }
  /* As pokenum does: the cards left out of the enumeration are every card seen. */
  for (k = 0; k < ndead; ++k) StdDeck_CardMask_SET(used, pe_card(dead[k]));
  enumResultClear(&result);
  err = enumExhaustive((enum_game_t)game, hands, b, used, (int)players, (int)nboard, 0, &result);
  if (err) return err;
  for (i = 0; i < players; ++i) {
    out[i * PE_FIELDS + PE_WIN_HI] = result.nwinhi[i];
    out[i * PE_FIELDS + PE_TIE_HI] = result.ntiehi[i];
    out[i * PE_FIELDS + PE_WIN_LO] = result.nwinlo[i];
    out[i * PE_FIELDS + PE_TIE_LO] = result.ntielo[i];
    out[i * PE_FIELDS + PE_SCOOP] = result.nscoop[i];
    ev[i] = result.nsamples ? result.ev[i] / result.nsamples : 0.0;
  }
  *deals = result.nsamples;
  return 0;
}

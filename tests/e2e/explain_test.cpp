// The specification (docs/specification.md), section 3, "Explain mode": the
// exact lines, on hand-written instances chosen for the ordering rules (groups
// first, the wheel, suit order among equal ranks).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

void expect_explained(const std::vector<std::string>& args, const std::string& input, const std::string& expected) {
  SCOPED_TRACE(printable(input));
  for (const auto& tuning :
       std::vector<std::vector<std::string>>{{"-e"}, {"--explain", "-j", "1", "--chunk-size", "1"}}) {
    const RunResult result = run_poker(concat(args, tuning), input);
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.out, expected);
    EXPECT_EQ(result.err, "");
  }
}

TEST(Explain, WheelIsFiveDownToAce) {
  expect_explained({}, "Ah 2d\nKc Kd\n3s 4h 5c 9d Ks\n",
                   "Player 1: Straight [5c 4h 3s 2d Ah]\n"
                   "Player 2: Three of a kind [Ks Kd Kc 9d 5c]\n"
                   "Player 1\n");
}

TEST(Explain, SteelWheelIsFiveDownToAce) {
  expect_explained({}, "Ad 2d\n7s 8s\n3d 4d 5d 6s 9s\n",
                   "Player 1: Straight flush [5d 4d 3d 2d Ad]\n"
                   "Player 2: Straight [9s 8s 7s 6s 5d]\n"
                   "Player 1\n");
}

TEST(Explain, FullHousePrintsTripsFirst) {
  expect_explained({}, "9s 9h\nAc 2c\n9d Kh Kd 4s 7c\n",
                   "Player 1: Full house [9s 9h 9d Kh Kd]\n"
                   "Player 2: Pair [Kh Kd Ac 9d 7c]\n"
                   "Player 1\n");
}

TEST(Explain, FullHouseFromTwoTripsTakesTheHigherSuitsOfTheLowerTrips) {
  expect_explained({}, "Td 2c\nAs Ac\nTs Th 5d 5c 5h\n",
                   "Player 1: Full house [Ts Th Td 5h 5d]\n"
                   "Player 2: Full house [5h 5d 5c As Ac]\n"
                   "Player 1\n");
}

TEST(Explain, TwoPairIsHighPairLowPairKicker) {
  expect_explained({}, "Qs 3h\nJc Jd\nQd 3c 8h 8s Ad\n",
                   "Player 1: Two pair [Qs Qd 8s 8h Ad]\n"
                   "Player 2: Two pair [Jd Jc 8s 8h Ad]\n"
                   "Player 1\n");
}

TEST(Explain, TwoPairKickerFromAThirdPairTakesTheHigherSuit) {
  expect_explained({}, "6h 6c\n4s 4d\nKs Kd 9h 9c 2s\n",
                   "Player 1: Two pair [Ks Kd 9h 9c 6h]\n"
                   "Player 2: Two pair [Ks Kd 9h 9c 4s]\n"
                   "Player 1\n");
}

TEST(Explain, QuadsKickerPrefersTheHigherSuit) {
  expect_explained({}, "Ks 2c\nKh 3c\n7s 7h 7d 7c Kd\n",
                   "Player 1: Four of a kind [7s 7h 7d 7c Ks]\n"
                   "Player 2: Four of a kind [7s 7h 7d 7c Kh]\n"
                   "Draw\n");
}

TEST(Explain, FlushIsHighToLow) {
  expect_explained({}, "Ah 2h\nJh Th\nKh 9h 4h 3h Qs\n",
                   "Player 1: Flush [Ah Kh 9h 4h 3h]\n"
                   "Player 2: Flush [Kh Jh Th 9h 4h]\n"
                   "Player 1\n");
}

TEST(Explain, StraightTakesTheHighestSuitOfARepeatedRank) {
  expect_explained({}, "6s 6c\nAd Kd\n2d 3h 4c 5s 6h\n",
                   "Player 1: Straight [6s 5s 4c 3h 2d]\n"
                   "Player 2: Straight [6h 5s 4c 3h 2d]\n"
                   "Draw\n");
}

TEST(Explain, HighCardIsHighToLow) {
  expect_explained({}, "2c 7d\n3c 8h\nKs Jd 9c 5h 4s\n",
                   "Player 1: High card [Ks Jd 9c 7d 5h]\n"
                   "Player 2: High card [Ks Jd 9c 8h 5h]\n"
                   "Player 2\n");
}

TEST(Explain, PairOrdersItsCardsBySuit) {
  expect_explained({}, "As 4c\nAh 3c\nAd Kc 9s 7h 2d\n",
                   "Player 1: Pair [As Ad Kc 9s 7h]\n"
                   "Player 2: Pair [Ah Ad Kc 9s 7h]\n"
                   "Draw\n");
}

TEST(Explain, BoardStraightFlushAndARoyalWithThreePlayers) {
  expect_explained({"3"}, "2c 3d\n4h 5h\nAs 2s\n9s Ts Js Qs Ks\n",
                   "Player 1: Straight flush [Ks Qs Js Ts 9s]\n"
                   "Player 2: Straight flush [Ks Qs Js Ts 9s]\n"
                   "Player 3: Straight flush [As Ks Qs Js Ts]\n"
                   "Player 3\n");
}

TEST(Explain, SeveralInstancesWithCrlf) {
  expect_explained({}, "Ah 2d\r\nKc Kd\r\n3s 4h 5c 9d Ks\r\nKs 2c\r\nKh 3c\r\n7s 7h 7d 7c Kd\r\n",
                   "Player 1: Straight [5c 4h 3s 2d Ah]\n"
                   "Player 2: Three of a kind [Ks Kd Kc 9d 5c]\n"
                   "Player 1\n"
                   "Player 1: Four of a kind [7s 7h 7d 7c Ks]\n"
                   "Player 2: Four of a kind [7s 7h 7d 7c Kh]\n"
                   "Draw\n");
}

TEST(Explain, ErrorKeepsOnlyCompleteExplainedInstances) {
  const RunResult result = run_poker({"-e"}, "Ks 2c\nKh 3c\n7s 7h 7d 7c Kd\nAh Kh\n2c 3d\nQh Jh Th 5c\n");
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out,
            "Player 1: Four of a kind [7s 7h 7d 7c Ks]\n"
            "Player 2: Four of a kind [7s 7h 7d 7c Kh]\n"
            "Draw\n");
  EXPECT_EQ(without_instance_and_hint(result.err),
            error_line("<stdin>", 6, 12, "expected 5 cards for the board, found 4 before the end of the line"));
}

TEST(Explain, ReferenceExplainAgreesWithTheHandWrittenCases) {
  // The equivalence tests trust reference_explain(); check it here on a
  // case with every ordering rule at once.
  Instance instance;
  instance.hole = {card_from("Td"), card_from("2c"), card_from("As"), card_from("Ac")};
  instance.board = {card_from("Ts"), card_from("Th"), card_from("5d"), card_from("5c"), card_from("5h")};
  EXPECT_EQ(reference_explain(instance),
            "Player 1: Full house [Ts Th Td 5h 5d]\n"
            "Player 2: Full house [5h 5d 5c As Ac]\n"
            "Player 1\n");
  instance.hole = {card_from("Ah"), card_from("2d"), card_from("Kc"), card_from("Kd")};
  instance.board = {card_from("3s"), card_from("4h"), card_from("5c"), card_from("9d"), card_from("Ks")};
  EXPECT_EQ(reference_explain(instance),
            "Player 1: Straight [5c 4h 3s 2d Ah]\n"
            "Player 2: Three of a kind [Ks Kd Kc 9d 5c]\n"
            "Player 1\n");
}

}  // namespace
}  // namespace poker::e2e

// Names shared by the files of the Conspiracy implementation (rules, estimate, observation): the
// suits, columns and directions as the notation and the log spell them. Not part of the API.
#pragma once

namespace tabletop::conspiracy {

inline constexpr const char* kSuitLetters = "SMCA";
inline constexpr const char* kSuitNames[4] = {"Suns", "Moons", "Crowns", "Arms"};
inline constexpr const char* kColumnLetters = "LMR";
inline constexpr const char* kDirNames[8] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
inline constexpr const char* kArrows[8] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
inline constexpr int kDirRow[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr int kDirCol[8] = {0, 1, 1, 1, 0, -1, -1, -1};

inline constexpr const char* kPhaseNames[] = {
    "goal", "jump", "action", "place", "place_tile", "attack_end", "save", "declare", "over"};
inline constexpr const char* kActionNames[] = {"none", "place", "attack"};

}  // namespace tabletop::conspiracy

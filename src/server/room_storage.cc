#include "server/room_storage.h"

#include "server/log.h"

namespace tabletop::server {

MatchStorage::MatchStorage(MatchStore& matches, Coordination& coordination, ChatStore& chat,
                           const StoredMatch& stored)
    : matches_(matches),
      coordination_(coordination),
      chat_(chat),
      id_(stored.id),
      stored_seats_(stored.seats),
      finished_stored_(stored.status == "finished"),
      row_knows_to_move_(stored.to_move.has_value() || stored.status == "finished") {}

std::vector<SeatInfo> MatchStorage::seat_infos(const json& stored) {
  std::vector<SeatInfo> seats;
  for (const json& s : stored) {
    SeatInfo seat;
    seat.kind = s.value("kind", "human");
    seat.strength = s.value("strength", "");
    seat.token_hash = s.value("token_hash", "");
    seat.revoked_hash = s.value("revoked_token_hash", "");
    seat.open = s.value("open", false);
    if (s.contains("taken_over_at")) seat.taken_over_at = s["taken_over_at"].get<long long>();
    if (s.contains("resigned_at")) seat.resigned_at = s["resigned_at"].get<long long>();
    seat.resign_to_computer = s.value("resign_to_computer", false);
    seat.player = s.value("player", "");
    seat.timed_out = s.value("timed_out", false);
    seats.push_back(std::move(seat));
  }
  return seats;
}

json MatchStorage::seats_json(const std::vector<SeatInfo>& seats) {
  json out = json::array();
  for (const SeatInfo& s : seats) {
    json j{{"kind", s.kind}};
    if (!s.strength.empty()) j["strength"] = s.strength;
    if (!s.token_hash.empty()) j["token_hash"] = s.token_hash;
    if (!s.revoked_hash.empty()) j["revoked_token_hash"] = s.revoked_hash;
    if (s.open) j["open"] = true;
    if (s.taken_over_at) j["taken_over_at"] = *s.taken_over_at;
    if (s.resigned_at) j["resigned_at"] = *s.resigned_at;
    if (s.resign_to_computer) j["resign_to_computer"] = true;
    if (!s.player.empty()) j["player"] = s.player;
    if (s.timed_out) j["timed_out"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

Write MatchStorage::append_move(long long index, const std::string& text, long long new_seq,
                                const ClockAfter& clock) {
  return matches_.append_move(id_, index, text, new_seq, clock);
}

Write MatchStorage::truncate_moves(long long keep, long long new_seq, const ClockAfter& clock) {
  return matches_.truncate_moves(id_, keep, new_seq, clock);
}

Write MatchStorage::update_seats(const std::vector<SeatInfo>& seats, const std::string& status,
                                 long long seq, long long new_seq, const ClockAfter& clock) {
  json now = seats_json(seats);
  const Write written = matches_.update_seats(id_, stored_seats_, seq, now, status, new_seq, clock);
  if (written != Write::kStale) stored_seats_ = std::move(now);
  return written;
}

void MatchStorage::finish_if_over(bool over, const json& result) {
  if (!over || finished_stored_) return;
  matches_.finish(id_, result);
  finished_stored_ = true;
}

void MatchStorage::changed(int to_move, long long seq) {
  if (!coordination_.shared()) return;
  // Other processes look for computer seats to play, and list the match, by its row.
  try {
    matches_.set_to_move(id_, to_move, seq);
  } catch (const std::exception& e) {
    // The row then does not say who is to move: other processes read the match to know.
    log_match(spdlog::level::warn, id_,
              std::string("noting who is to move in the store failed: ") + e.what());
  }
}

void MatchStorage::note_to_move(int to_move, long long seq) const {
  matches_.set_to_move(id_, to_move, seq);
}

void MatchStorage::note_to_move_if_unknown(int to_move, long long seq) {
  if (row_knows_to_move_) return;
  // A new match, or one whose row fell behind (a crash): the lobby list reads it from the row.
  note_to_move(to_move, seq);
  row_knows_to_move_ = true;
}

void MatchStorage::note_presence(int seat, bool connected) {
  if (!coordination_.shared()) return;
  try {
    coordination_.note_presence(id_, seat, connected);
  } catch (const std::exception& e) {
    // Not noted: a takeover asked through another process sees only its own viewers meanwhile.
    log_match(
        spdlog::level::warn, id_,
        "noting seat " + std::to_string(seat) + "'s presence in the store failed: " + e.what());
  }
}

bool MatchStorage::seen_elsewhere(int seat, int within_s) {
  return coordination_.shared() && coordination_.seen_elsewhere(id_, seat, within_s);
}

long long MatchStorage::add_chat(int seat, long long at, const std::string& text) {
  return chat_.add_chat(id_, seat, at, text);
}

std::vector<ChatLine> MatchStorage::recent_chat(int limit) {
  return chat_.recent_chat(id_, limit);
}

bool MatchStorage::claim_lease() {
  try {
    return coordination_.claim_lease(id_);
  } catch (const std::exception& e) {
    log_match(spdlog::level::warn, id_,
              "claiming the lease of its computer seats failed (tried again at the next change): " +
                  std::string(e.what()));
    return false;
  }
}

std::optional<MatchStorage::Changes> MatchStorage::read_changes(long long moves_here,
                                                                long long seq_here) {
  // Only the moves this room lacks. Every seq step since ours is a move (the log grew by as many
  // moves as seq by steps) exactly when no undo or takeover came between: then the log extends
  // ours; else the whole match is read.
  std::optional<StoredMatch> stored = matches_.load_from(id_, moves_here);
  if (!stored || (stored->seq == seq_here && stored->seats == stored_seats_)) return std::nullopt;
  const bool extends = stored->moves_total >= moves_here &&
                       stored->moves_total - moves_here == stored->seq - seq_here &&
                       std::size_t(stored->moves_total - moves_here) == stored->moves.size();
  if (!extends && !(stored = matches_.load(id_))) return std::nullopt;
  stored_seats_ = stored->seats;
  finished_stored_ = stored->status == "finished";
  return Changes{std::move(*stored), extends};
}

}  // namespace tabletop::server

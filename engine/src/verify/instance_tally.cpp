#include "verify/instance_tally.h"

#include <algorithm>
#include <cstring>

namespace poker::verify {

VerifyBlock& block_tally(VerifyReport& report, std::uint64_t block) {
  if (report.blocks.size() <= block) report.blocks.resize(block + 1);
  return report.blocks[block];
}

void count_right_in_blocks(VerifyReport& report, std::uint64_t block_instances, std::uint64_t first,
                           std::uint64_t count) {
  if (block_instances == 0) return;
  while (count > 0) {
    const std::uint64_t block = (first - 1) / block_instances;
    const std::uint64_t in_block = std::min(count, (block + 1) * block_instances - first + 1);
    block_tally(report, block).right += in_block;
    first += in_block;
    count -= in_block;
  }
}

void count_wrong_line(std::string_view expected, const io::TextCursor::Line& got, VerifyReport& report) {
  ++report.wrong_lines;
  const std::string_view head = got.head;
  if (got.too_long || got.length != head.size()) return;
  if (got.has_newline && head.size() == expected.size() + 1 && head.back() == '\r' && head.starts_with(expected)) {
    ++report.wrong_lines_cr_only;
  }
  if (without_trailing_blanks(head) == expected) ++report.wrong_lines_blank_only;
}

void InstanceTally::settle(const ExpectedLine& line, LineFate fate, const io::TextCursor::Line* got) {
  if (answer_lines_ == 1 && fate == LineFate::kMatched) {
    if (line.text != run_text_) {
      run_text_ = line.text;
      run_first_instance_ = line.instance;
    }
  } else {
    run_text_.clear();
    run_first_instance_ = 0;
  }
  if (fate != LineFate::kMatched) instance_differs_ = true;
  if (fate != LineFate::kMissing) instance_all_missing_ = false;
  if (!line.last_of_instance) {
    if (got != nullptr) {
      matched_expected_.push_back(line.text);
      matched_got_.push_back(*got);
    }
    return;
  }
  if (line.instance == 0) {
    report_.summary_differs = report_.summary_differs || instance_differs_;
  } else {
    ++report_.compared;
    if (!instance_differs_) {
      ++report_.right;
      count_right_in_blocks(report_, block_instances_, line.instance, 1);
    } else {
      ++report_.mismatching;
      if (instance_all_missing_) {
        ++report_.missing;
        if (block_instances_ != 0) ++block_tally(report_, (line.instance - 1) / block_instances_).missing;
      }
    }
  }
  instance_differs_ = false;
  instance_all_missing_ = true;
  matched_expected_.clear();
  matched_got_.clear();
}

void InstanceTally::count_cut_instance() {
  if (!instance_differs_) return;
  ++report_.compared;
  ++report_.mismatching;
  instance_differs_ = false;
}

void InstanceTally::matched_whole(std::string_view answers, std::uint64_t instances, std::uint64_t last) {
  if (answer_lines_ != 1) {
    run_text_.clear();
    run_first_instance_ = 0;
    return;
  }
  const std::size_t previous = answers.size() < 2 ? std::string_view::npos : answers.rfind('\n', answers.size() - 2);
  const std::size_t step = answers.size() - (previous == std::string_view::npos ? 0 : previous + 1);
  const char* const last_line = answers.data() + answers.size() - step;  // with its newline
  const std::string_view last_text(last_line, step - 1);
  std::uint64_t equal = 1;
  for (std::size_t at = answers.size() - step; at >= step; at -= step, ++equal) {
    const bool line_start = at == step || answers[at - step - 1] == '\n';
    if (!line_start || std::memcmp(answers.data() + at - step, last_line, step) != 0) break;
  }
  if (equal < instances || last_text != run_text_) {
    run_text_ = std::string(last_text);
    run_first_instance_ = last - equal + 1;
  }
}

}  // namespace poker::verify

// JSON text for the machine-readable reports (`--json`, Gradescope's
// results.json). A report builds its value with nlohmann::ordered_json (the
// fields in the order it sets them) and writes it with json_text(), which is
// nlohmann's compact dump() with two conventions of the reports:
//
//   strings  every byte is one character, the one of the same number
//            (ISO 8859-1): a byte that is not printable ASCII is written
//            escaped (\u00NN; \t, \n, \r, \b, \f for those), so that any
//            bytes (a binary candidate's, a file name that is no UTF-8) make
//            valid JSON in pure ASCII, and a reader gets them back as the
//            characters U+0000 to U+00FF.
//   floats   with a fixed number of decimals where the report documents
//            one (0.50000000), else in the fewest digits that read back as
//            the same double (0.5, 33.3333), never with an exponent; one that
//            is not finite is null, as JSON has no infinity.
//
// json_text() is a template over the value's type so that this header needs
// no nlohmann: the library's users need it only if they call it.
//
// Thread safety: stateless.
#ifndef POKER_JSON_TEXT_H_
#define POKER_JSON_TEXT_H_

#include <optional>
#include <string>
#include <string_view>

namespace poker {

// `bytes` as one JSON string, quotes included, by the convention above.
std::string json_quote(std::string_view bytes);

// Appends `value` as a JSON number: with `decimals` decimals, or without,
// in the fewest digits that read back as `value`; null when not finite.
void append_json_number(std::string& out, double value, std::optional<int> decimals);

// Appends the JSON text of `value`, an nlohmann::basic_json, on one line:
// its strings quoted by json_quote(), its floats written by
// append_json_number() with `decimals`, the rest as its dump() writes it.
template <class Json>
void append_json_text(std::string& out, const Json& value, std::optional<int> decimals = std::nullopt) {
  using Type = typename Json::value_t;
  switch (value.type()) {
    case Type::object:
    case Type::array: {
      const bool object = value.type() == Type::object;
      out += object ? '{' : '[';
      for (auto member = value.begin(); member != value.end(); ++member) {
        if (member != value.begin()) out += ',';
        if (object) {
          out += json_quote(member.key());
          out += ':';
        }
        append_json_text(out, member.value(), decimals);
      }
      out += object ? '}' : ']';
      return;
    }
    case Type::string: out += json_quote(value.template get_ref<const typename Json::string_t&>()); return;
    case Type::number_float: append_json_number(out, value.template get<double>(), decimals); return;
    default: out += value.dump(); return;  // null, true, false, whole numbers
  }
}

// The JSON text of `value` (append_json_text), without a newline.
template <class Json>
std::string json_text(const Json& value, std::optional<int> decimals = std::nullopt) {
  std::string out;
  append_json_text(out, value, decimals);
  return out;
}

}  // namespace poker

#endif  // POKER_JSON_TEXT_H_

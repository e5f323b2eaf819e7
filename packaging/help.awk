# The one reader of the help text of poker (`poker [SUBCOMMAND...] --help` on
# stdin) that the bash, zsh and fish completions and the script of the man page
# share: the build writes it into each completion (packaging/CMakeLists.txt),
# and make_man_page.sh runs it from here. What it prints is chosen with
# -v want=WHAT:
#   subcommands  the subcommand names, one a line
#   entries      "SECTION<tab>NAMES<tab>DESCRIPTION" for each entry of the
#                Arguments, Options and Subcommands sections, a description
#                the help wraps joined into one line
#   described    "NAME<tab>DESCRIPTION" for each name of the entries of
#                -v section=Options or Subcommands
#   options      "NAME VALUE" for each option name: VALUE the name of its
#                value (N, FILE, LIST; "INPUT,OUTPUT,ANSWER" for one of several
#                values), or flag when it takes none
#   values       the values that the option -v name=NAME takes (every
#                operand when NAME is empty): those its description lists
#                after "one of: " or "list of: " (a comma-separated LIST)
# An entry starts within the first 6 columns ("  -j, --threads=N  Text",
# "      --chunk-size=SIZE"); its wrapped lines start at column 25, so a
# wrapped line that begins with the name of an option is no entry. The text must
# hold no single quote and no two backslashes together: the fish completion
# holds it in single quotes.

function flush() {
  if (names != "") {
    count++
    entry_section[count] = current
    entry_names[count] = names
    entry_text[count] = text
  }
  names = ""
  text = ""
}

# The names of entry i, each without its value ("--threads=N" is --threads).
function split_names(i, out,    n, k) {
  n = split(entry_names[i], out, /, /)
  for (k = 1; k <= n; k++) sub(/[= ].*/, "", out[k])
  return n
}

# "NAME VALUE" for each name of the option entry i.
function print_option(i,    tag, value, n, k, words, list) {
  tag = entry_names[i]
  value = "flag"
  if (index(tag, "=") > 0) {
    value = substr(tag, index(tag, "=") + 1)
    tag = substr(tag, 1, index(tag, "=") - 1)
  } else {
    # "-x VALUE", "--name V1 V2 V3": the names, then the values.
    n = split(tag, words, / /)
    tag = ""
    list = ""
    for (k = 1; k <= n; k++) {
      if (words[k] ~ /^-/) tag = tag (tag == "" ? "" : " ") words[k]
      else list = list (list == "" ? "" : ",") words[k]
    }
    if (list != "") value = list
  }
  gsub(/,/, "", tag)
  n = split(tag, words, / /)
  for (k = 1; k <= n; k++) if (words[k] != "") print words[k] " " value
}

# The values listed in the description of entry i.
function print_values(i,    list, n, k, values) {
  if (!match(entry_text[i], /(one|list) of: /)) return
  list = substr(entry_text[i], RSTART + RLENGTH)
  gsub(/\([^)]*\)/, "", list)  # "always (for less -R), never": always, never
  sub(/[;.(].*/, "", list)
  gsub(/ or /, ",", list)
  gsub(/ /, "", list)
  n = split(list, values, /,/)
  for (k = 1; k <= n; k++) if (values[k] != "") print values[k]
}

/^(Arguments|Options|Subcommands):$/ { flush(); current = substr($0, 1, length($0) - 1); next }
/^$/ || /^[^ ]/ { flush(); current = ""; next }
current == "" { next }
/^                        / { sub(/^ +/, ""); text = text (text == "" ? "" : " ") $0; next }
{
  flush()
  sub(/^ +/, "")
  gap = index($0, "  ")
  if (gap == 0) { names = $0; next }
  names = substr($0, 1, gap - 1)
  text = substr($0, gap)
  sub(/^ +/, "", text)
}

END {
  flush()
  for (i = 1; i <= count; i++) {
    if (want == "entries") {
      print entry_section[i] "\t" entry_names[i] "\t" entry_text[i]
    } else if (want == "subcommands" && entry_section[i] == "Subcommands") {
      split_names(i, found)
      print found[1]
    } else if (want == "described" && entry_section[i] == section) {
      n = split_names(i, found)
      for (k = 1; k <= n; k++) print found[k] "\t" entry_text[i]
    } else if (want == "options" && entry_section[i] == "Options") {
      print_option(i)
    } else if (want == "values") {
      if (name == "") {
        if (entry_section[i] == "Arguments") print_values(i)
        continue
      }
      n = split_names(i, found)
      for (k = 1; k <= n; k++) if (found[k] == name) { print_values(i); break }
    }
  }
}

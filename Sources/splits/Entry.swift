import SplitsCLI

@main
enum Entry {
  static func main() async {
    await SplitsCommand.main()
  }
}
